import { defineComponent, prop } from 'verso/components';
import { z } from 'zod';

/**
 * The demo's code component: how much water for a dose of coffee at a ratio. The server renders the
 * answer for the default dose (it reads fine without script); the island recomputes it as the visitor
 * types (islands/brew-ratio.ts). Its own words are localized with `ctx.t`, as a `prop.text()` is; so is the
 * title it shows when none is set (a string prop, so that it can be bound to a field).
 */
export const brewRatio = defineComponent({
  name: 'brew-ratio',
  label: 'Brew ratio calculator',
  island: 'brew-ratio',
  props: z.object({
    title: z.string().max(120).optional().describe('Empty: “Brew ratio” in the language of the page'),
    dose: z.number().min(5).max(60).default(18),
    ratio: z.number().min(10).max(20).default(16),
    note: prop.text().optional(),
  }),
  render: (p, ctx) => {
    const id = `${ctx.nodeId}-dose`;
    return (
      <>
        <h2>{p.title || ctx.t({ en: 'Brew ratio', de: 'Brühverhältnis' })}</h2>
        <label for={id}>{ctx.t({ en: 'Coffee (g)', de: 'Kaffee (g)' })}</label>{' '}
        <input
          id={id}
          type="number"
          min="5"
          max="60"
          step="1"
          value={String(p.dose)}
          data-ratio={String(p.ratio)}
        />
        <p>
          {ctx.t({ en: 'Water', de: 'Wasser' })}: <output for={id}>{String(p.dose * p.ratio)}</output> g (1:
          {String(p.ratio)})
        </p>
        {p.note ? <p>{ctx.t(p.note)}</p> : null}
      </>
    );
  },
});
