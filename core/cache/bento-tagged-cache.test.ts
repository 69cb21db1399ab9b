import { BentoCache, bentostore } from 'bentocache';
import { memoryDriver } from 'bentocache/drivers/memory';
import { describe, expect, it } from 'vitest';
import { crossMillisecond, heldComputation } from '../testing/held-computation.ts';
import { bentoTaggedCache } from './bento-tagged-cache.ts';

/** Two adapters over one store: two processes sharing Redis, before a purge's acknowledgement reaches one. */
function sharedStore() {
  const bento = new BentoCache({
    default: 'memory',
    stores: { memory: bentostore().useL1Layer(memoryDriver({ maxItems: 100, serialize: false })) },
  });
  return {
    writer: bentoTaggedCache(bento, { defaultTtlSeconds: 300 }),
    reader: bentoTaggedCache(bento, { defaultTtlSeconds: 300 }),
    close: () => bento.disconnect(),
  };
}

describe('the tagged cache over bentocache', () => {
  it('does not answer with a stored entry computed before a purge it knows of, whoever wrote it', async () => {
    const { writer, reader, close } = sharedStore();
    const held = heldComputation('old', ['doc:k']);
    const first = writer.getOrSet('k', held.compute);
    await held.computing;
    // The reader purges; the writer has not heard of it yet, so it stores its value after the purge.
    await reader.purgeTags(['doc:k']);
    await crossMillisecond();
    held.release();
    expect(await first).toBe('old');
    const again = await reader.getOrSet('k', async (sink) => {
      sink.addTags(['doc:k']);
      return 'new';
    });
    expect(again).toBe('new');
    await close();
  });
});
