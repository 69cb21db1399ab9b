import { loadConfig } from '../core/config/index.ts';
import { openDb } from '../core/db/open.ts';
import { runVerso } from '../core/testing/processes.ts';

/** What a publishing bench needs: an editor's management key for the demo, and the id of the post at `post`. */
export async function editorAccess(
  env: Record<string, string>,
  post: string,
): Promise<{ key: string; id: string }> {
  const key = (
    await runVerso(
      ['keys', 'create', '--space', 'demo', '--permissions', 'space:read,space:write', '--role', 'editor'],
      env,
    )
  ).stdout.trim();
  const db = await openDb(loadConfig(env));
  try {
    const slug = post.split('/').pop()!;
    const id = (
      await db.query<{ document_id: string }>(
        // The demo's own post: copies of the demo (bench/generate-sites.ts) have the same slugs.
        `select v.document_id from document_versions v join documents d on d.id = v.document_id
         join spaces s on s.id = d.space_id where s.name = 'demo' and v.slug = $1 and v.locale = 'en' limit 1`,
        [slug],
      )
    ).rows[0]!.document_id;
    return { key, id };
  } finally {
    await db.close();
  }
}
