import type { LocalizedText } from '../../core/designs/index.ts';

/**
 * The few words the renderer writes itself (skip link, landmark labels, the generated 404),
 * in the languages most sites start with; other locales fall back to English.
 */
const STRINGS = {
  skip: {
    en: 'Skip to content',
    de: 'Zum Inhalt springen',
    fr: 'Aller au contenu',
    es: 'Ir al contenido',
    it: 'Vai al contenuto',
    nl: 'Naar de inhoud',
  },
  breadcrumb: {
    en: 'Breadcrumb',
    de: 'Brotkrümelnavigation',
    fr: "Fil d'Ariane",
    es: 'Ruta de navegación',
    it: 'Percorso',
    nl: 'Kruimelpad',
  },
  menu: { en: 'Menu', de: 'Menü', fr: 'Menu', es: 'Menú', it: 'Menu', nl: 'Menu' },
  languages: { en: 'Languages', de: 'Sprachen', fr: 'Langues', es: 'Idiomas', it: 'Lingue', nl: 'Talen' },
  notFoundTitle: {
    en: 'Page not found',
    de: 'Seite nicht gefunden',
    fr: 'Page introuvable',
    es: 'Página no encontrada',
    it: 'Pagina non trovata',
    nl: 'Pagina niet gevonden',
  },
  notFoundText: {
    en: 'The page you were looking for does not exist or has moved.',
    de: 'Die gesuchte Seite gibt es nicht oder sie ist umgezogen.',
    fr: "La page que vous cherchez n'existe pas ou a été déplacée.",
    es: 'La página que busca no existe o se ha movido.',
    it: 'La pagina che cerchi non esiste o è stata spostata.',
    nl: 'De pagina die u zoekt bestaat niet of is verplaatst.',
  },
  backHome: {
    en: 'Go to the home page',
    de: 'Zur Startseite',
    fr: "Aller à l'accueil",
    es: 'Ir a la página de inicio',
    it: 'Vai alla home page',
    nl: 'Naar de startpagina',
  },
  send: { en: 'Send', de: 'Senden', fr: 'Envoyer', es: 'Enviar', it: 'Invia', nl: 'Versturen' },
  formOk: {
    en: 'Thank you, your message was sent.',
    de: 'Danke, Ihre Nachricht wurde gesendet.',
    fr: 'Merci, votre message a été envoyé.',
    es: 'Gracias, su mensaje se ha enviado.',
    it: 'Grazie, il messaggio è stato inviato.',
    nl: 'Bedankt, uw bericht is verzonden.',
  },
  formError: {
    en: 'The form could not be sent. Please check your entries.',
    de: 'Das Formular konnte nicht gesendet werden. Bitte prüfen Sie Ihre Angaben.',
    fr: "Le formulaire n'a pas pu être envoyé. Vérifiez vos saisies.",
    es: 'No se pudo enviar el formulario. Revise sus datos.',
    it: 'Non è stato possibile inviare il modulo. Controlla i dati.',
    nl: 'Het formulier kon niet worden verzonden. Controleer uw invoer.',
  },
  submenu: {
    en: 'Submenu of {label}',
    de: 'Untermenü von {label}',
    fr: 'Sous-menu de {label}',
    es: 'Submenú de {label}',
    it: 'Sottomenu di {label}',
    nl: 'Submenu van {label}',
  },
  close: { en: 'Close', de: 'Schließen', fr: 'Fermer', es: 'Cerrar', it: 'Chiudi', nl: 'Sluiten' },
  choose: {
    en: 'Please choose',
    de: 'Bitte wählen',
    fr: 'Veuillez choisir',
    es: 'Elija una opción',
    it: 'Scegli',
    nl: 'Maak een keuze',
  },
  preview: {
    en: 'Preview',
    de: 'Vorschau',
    fr: 'Aperçu',
    es: 'Vista previa',
    it: 'Anteprima',
    nl: 'Voorbeeld',
  },
  previewLabel: {
    en: 'Preview of unpublished changes',
    de: 'Vorschau unveröffentlichter Änderungen',
    fr: 'Aperçu des modifications non publiées',
    es: 'Vista previa de cambios no publicados',
    it: 'Anteprima delle modifiche non pubblicate',
    nl: 'Voorbeeld van niet-gepubliceerde wijzigingen',
  },
} satisfies Record<string, Record<string, string>>;

export type StringKey = keyof typeof STRINGS;

/** A built-in word in `locale` (its language part), else English. */
export function say(key: StringKey, locale: string): string {
  const table: Record<string, string> = STRINGS[key];
  return table[locale] ?? table[locale.split('-')[0]!] ?? table.en!;
}

/**
 * Static text of a design in the page's locale: a plain string for every locale, or a map that
 * falls back to the default locale, then to its first entry.
 */
export function localized(text: LocalizedText | undefined, locale: string, defaultLocale: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return text[locale] ?? text[locale.split('-')[0]!] ?? text[defaultLocale] ?? Object.values(text)[0] ?? '';
}

const names = new Map<string, string>();

/** A locale's name in its own language (`de` → "Deutsch"), capitalised. */
export function localeName(locale: string): string {
  let name = names.get(locale);
  if (name === undefined) {
    try {
      name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
    } catch {
      name = locale;
    }
    name = name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
    names.set(locale, name);
  }
  return name;
}
