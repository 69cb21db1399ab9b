import type { Child } from 'hono/jsx';
import { FORM_FIELD_ERROR_ATTR } from '../../../islands/contract.ts';
import type { NodeProps } from '../render-node.tsx';
import { localized, say } from '../strings.ts';

const AUTOCOMPLETE: Record<string, string> = { email: 'email', tel: 'tel', url: 'url' };

/** `formField`: a labelled input, textarea, select or checkbox, with a slot for its error message. */
export function FormFieldNode({ node, env, attrs }: NodeProps<'formField'>): Child {
  const { ctx, scope } = env;
  const p = node.props;
  const t = (text: Parameters<typeof localized>[0]) => localized(text, ctx.locale, ctx.defaultLocale);
  const id = `${scope.form?.prefix ?? 'f'}-${p.name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: p.name,
    required: p.required,
    'aria-describedby': errorId,
  };
  const error = <p id={errorId} {...{ [FORM_FIELD_ERROR_ATTR]: p.name }} hidden />;
  const label = <label for={id}>{t(p.label)}</label>;
  if (p.type === 'checkbox') {
    return (
      <div {...attrs}>
        <input {...common} type="checkbox" value="yes" />
        {label}
        {error}
      </div>
    );
  }
  let control: Child;
  if (p.type === 'textarea') {
    control = (
      <textarea
        {...common}
        rows={5}
        maxlength={p.maxLength}
        placeholder={p.placeholder ? t(p.placeholder) : undefined}
      />
    );
  } else if (p.type === 'select') {
    control = (
      <select {...common}>
        <option value="">{say('choose', ctx.locale)}</option>
        {(p.options ?? []).map((o) => (
          <option value={o.value}>{t(o.label)}</option>
        ))}
      </select>
    );
  } else {
    const auto = AUTOCOMPLETE[p.type] ?? (p.name === 'name' ? 'name' : undefined);
    control = (
      <input
        {...common}
        type={p.type}
        maxlength={p.maxLength}
        placeholder={p.placeholder ? t(p.placeholder) : undefined}
        autocomplete={auto}
      />
    );
  }
  return (
    <div {...attrs}>
      {label}
      {control}
      {error}
    </div>
  );
}
