import { useEffect } from 'hono/jsx/dom';

/**
 * What keeps typed text from being lost: a save as soon as the browser is back online, and a question
 * before the tab closes while something is not on the server yet.
 */
export function useSaveGuards(unsaved: () => boolean, flush: () => void): void {
  useEffect(() => {
    const leaving = (e: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('online', flush);
    window.addEventListener('beforeunload', leaving);
    return () => {
      window.removeEventListener('online', flush);
      window.removeEventListener('beforeunload', leaving);
    };
  }, []);
}
