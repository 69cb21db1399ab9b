import { type PickedFile, uploadRefusal } from '../../logic/upload-check.ts';

/**
 * One file to `POST /upload/<space>` with the session cookie. XMLHttpRequest, not fetch: only it reports
 * upload progress. Resolves with the new asset's id, or rejects with the refusal in words.
 */
export function uploadFile(
  space: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ id: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/upload/${encodeURIComponent(space)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    const picked: PickedFile = { name: file.name, type: file.type, size: file.size };
    xhr.onerror = () => reject(new Error(uploadRefusal(picked, 0, null)));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status === 201) {
        onProgress(1);
        resolve(body as { id: string });
      } else reject(new Error(uploadRefusal(picked, xhr.status, body)));
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
