/**
 * The endpoint's own words (per-field problems and answers), in the page's language, else English.
 * A design's own success and error messages take precedence where it has them.
 */
const MESSAGES = {
  required: { en: 'This field is required.', de: 'Bitte fülle dieses Feld aus.' },
  email: { en: 'Please enter a valid email address.', de: 'Bitte gib eine gültige E-Mail-Adresse ein.' },
  url: {
    en: 'Please enter a web address starting with http:// or https://.',
    de: 'Bitte gib eine Webadresse ein, die mit http:// oder https:// beginnt.',
  },
  tel: { en: 'Please enter a valid phone number.', de: 'Bitte gib eine gültige Telefonnummer ein.' },
  number: { en: 'Please enter a number.', de: 'Bitte gib eine Zahl ein.' },
  option: { en: 'Please choose one of the options.', de: 'Bitte wähle eine der Möglichkeiten.' },
  tooLong: { en: 'At most {max} characters.', de: 'Höchstens {max} Zeichen.' },
  single: { en: 'Only one value is allowed.', de: 'Nur ein Wert ist erlaubt.' },
  invalid: {
    en: 'Please check the highlighted fields.',
    de: 'Bitte prüfe die markierten Felder.',
  },
  tooFast: {
    en: 'That was very quick. Please wait a moment and send the form again.',
    de: 'Das ging sehr schnell. Bitte warte einen Moment und schicke das Formular noch einmal ab.',
  },
  expired: {
    en: 'This form is out of date. Please reload the page and send it again.',
    de: 'Dieses Formular ist veraltet. Bitte lade die Seite neu und schicke es noch einmal ab.',
  },
  tooMany: {
    en: 'Too many messages were sent from your connection. Please try again later.',
    de: 'Von deiner Verbindung wurden zu viele Nachrichten gesendet. Bitte versuche es später noch einmal.',
  },
  failed: {
    en: 'The form could not be sent.',
    de: 'Das Formular konnte nicht gesendet werden.',
  },
  back: { en: 'Back to the form', de: 'Zurück zum Formular' },
} satisfies Record<string, { en: string; de: string }>;

export type FormMessageKey = keyof typeof MESSAGES;

export function formMessage(
  key: FormMessageKey,
  locale: string,
  params: Record<string, string> = {},
): string {
  const table: Record<string, string> = MESSAGES[key];
  const text = table[locale] ?? table[locale.split('-')[0]!] ?? table.en!;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
