/** @jsxImportSource hono/jsx/dom */
import {
  BUNDLED_FAMILIES,
  COLOR_ROLES,
  DEFAULT_FALLBACKS,
  FONT_ROLES,
  type Theme,
  TYPE_STEPS,
} from '../../../core/designs/index.ts';

/**
 * The theme editor: colour roles light and dark, the three font roles (one of the ten bundled families
 * and its fallback stack), the type steps and the named scales. Every input reports the whole new theme
 * at once; `group` tells the history which edits are one step (dragging a colour picker).
 */

export type Edit = (next: Theme, group: string) => void;

const HEX = /^#[0-9a-fA-F]{6}$/;

function ColorRow(props: {
  label: string;
  id: string;
  value: string | undefined;
  placeholder?: string;
  onChange: (v: string | undefined) => void;
}) {
  const hex =
    props.value && HEX.test(props.value)
      ? props.value
      : props.placeholder && HEX.test(props.placeholder)
        ? props.placeholder
        : '#000000';
  return (
    <div class="row color-row">
      <label for={`${props.id}-text`}>{props.label}</label>
      <input
        type="color"
        aria-label={`${props.label} colour picker`}
        value={hex}
        onInput={(e: Event) => props.onChange((e.target as HTMLInputElement).value)}
      />
      <input
        id={`${props.id}-text`}
        type="text"
        spellcheck={false}
        value={props.value ?? ''}
        placeholder={props.placeholder ?? ''}
        onChange={(e: Event) => props.onChange((e.target as HTMLInputElement).value.trim() || undefined)}
      />
    </div>
  );
}

export function ThemePanel(props: { theme: Theme; onEdit: Edit }) {
  const t = props.theme;
  const setColor = (role: string, v: string | undefined) => {
    if (!v) return;
    props.onEdit({ ...t, colors: { ...t.colors, [role]: v } }, `color:${role}`);
  };
  const setDark = (role: string, v: string | undefined) => {
    const dark = { ...(t.dark ?? {}) } as Record<string, string | undefined>;
    if (v) dark[role] = v;
    else delete dark[role];
    props.onEdit({ ...t, dark: dark as Theme['dark'] }, `dark:${role}`);
  };
  const setFont = (role: (typeof FONT_ROLES)[number], family: string) => {
    props.onEdit({ ...t, fonts: { ...t.fonts, [role]: { family } } }, `font:${role}`);
  };
  const setFallback = (role: (typeof FONT_ROLES)[number], text: string) => {
    const fallback = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const { fallback: _old, ...rest } = t.fonts[role];
    props.onEdit(
      { ...t, fonts: { ...t.fonts, [role]: fallback.length ? { ...rest, fallback } : rest } },
      `fallback:${role}`,
    );
  };
  const setStep = (
    step: (typeof TYPE_STEPS)[number],
    field: 'size' | 'lineHeight' | 'weight',
    raw: string,
  ) => {
    const value = field === 'size' ? raw.trim() : Number(raw);
    if (field !== 'size' && !Number.isFinite(value)) return;
    props.onEdit(
      { ...t, typeSteps: { ...t.typeSteps, [step]: { ...t.typeSteps[step], [field]: value } } },
      `step:${step}:${field}`,
    );
  };
  const setScale = (scale: 'space' | 'radius', name: string, raw: string) => {
    props.onEdit({ ...t, [scale]: { ...t[scale], [name]: raw.trim() } }, `${scale}:${name}`);
  };
  const extras = Object.keys(t.colors).filter((k) => !(COLOR_ROLES as readonly string[]).includes(k));
  return (
    <div class="theme-panel">
      <details open>
        <summary>Colours</summary>
        {[...COLOR_ROLES, ...extras].map((role) => (
          <ColorRow
            key={role}
            id={`color-${role}`}
            label={role}
            value={t.colors[role]}
            onChange={(v) => setColor(role, v)}
          />
        ))}
      </details>
      <details>
        <summary>Dark colours</summary>
        <p class="hint">Shown when the visitor's system is dark. Empty: the light colour.</p>
        {[...COLOR_ROLES, ...extras].map((role) => (
          <ColorRow
            key={role}
            id={`dark-${role}`}
            label={`${role} (dark)`}
            value={(t.dark as Record<string, string | undefined> | undefined)?.[role]}
            placeholder={t.colors[role]}
            onChange={(v) => setDark(role, v)}
          />
        ))}
      </details>
      <details open>
        <summary>Fonts</summary>
        {FONT_ROLES.map((role) => {
          const family = t.fonts[role].family;
          const bundled = BUNDLED_FAMILIES.find((f) => f.name === family);
          return (
            <fieldset key={role} class="font-role">
              <legend>{role}</legend>
              <div class="row">
                <label for={`font-${role}`}>Family</label>
                <select
                  id={`font-${role}`}
                  value={family}
                  onChange={(e: Event) => setFont(role, (e.target as HTMLSelectElement).value)}
                >
                  {bundled ? null : <option value={family}>{family} (uploaded)</option>}
                  {BUNDLED_FAMILIES.map((f) => (
                    <option key={f.name} value={f.name} selected={f.name === family}>
                      {f.name}
                    </option>
                  ))}
                </select>
              </div>
              <div class="row">
                <label for={`fallback-${role}`}>Fallback</label>
                <input
                  id={`fallback-${role}`}
                  type="text"
                  value={(t.fonts[role].fallback ?? []).join(', ')}
                  placeholder={bundled ? DEFAULT_FALLBACKS[bundled.category].join(', ') : ''}
                  onChange={(e: Event) => setFallback(role, (e.target as HTMLInputElement).value)}
                />
              </div>
            </fieldset>
          );
        })}
      </details>
      <details>
        <summary>Type steps</summary>
        <table class="steps">
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Size</th>
              <th scope="col">Line height</th>
              <th scope="col">Weight</th>
            </tr>
          </thead>
          <tbody>
            {TYPE_STEPS.map((step) => (
              <tr key={step}>
                <th scope="row">{step}</th>
                <td>
                  <input
                    aria-label={`${step} size`}
                    type="text"
                    value={t.typeSteps[step].size}
                    onChange={(e: Event) => setStep(step, 'size', (e.target as HTMLInputElement).value)}
                  />
                </td>
                <td>
                  <input
                    aria-label={`${step} line height`}
                    type="number"
                    step="0.05"
                    min="0.8"
                    max="3"
                    value={String(t.typeSteps[step].lineHeight)}
                    onChange={(e: Event) => setStep(step, 'lineHeight', (e.target as HTMLInputElement).value)}
                  />
                </td>
                <td>
                  <input
                    aria-label={`${step} weight`}
                    type="number"
                    step="100"
                    min="100"
                    max="900"
                    value={String(t.typeSteps[step].weight)}
                    onChange={(e: Event) => setStep(step, 'weight', (e.target as HTMLInputElement).value)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {(['space', 'radius'] as const).map((scale) => (
        <details key={scale}>
          <summary>{scale === 'space' ? 'Spacing scale' : 'Radius scale'}</summary>
          {Object.entries(t[scale]).map(([name, value]) => (
            <div class="row" key={name}>
              <label for={`${scale}-${name}`}>
                {scale}:{name}
              </label>
              <input
                id={`${scale}-${name}`}
                type="text"
                value={value}
                onChange={(e: Event) => setScale(scale, name, (e.target as HTMLInputElement).value)}
              />
            </div>
          ))}
        </details>
      ))}
    </div>
  );
}
