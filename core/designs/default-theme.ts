import type { Theme } from './theme.ts';

/**
 * The theme of a space that stored none: quiet, readable, one bundled family (Inter) so few
 * fonts load. Text on bg and onPrimary on primary meet WCAG AA (≥ 4.5:1) in light and dark;
 * `default-theme.test.ts` checks it.
 */
export const defaultTheme: Theme = {
  colors: {
    bg: '#ffffff',
    surface: '#f5f6f8',
    text: '#1b1f27',
    muted: '#5a6270',
    primary: '#2449b5',
    onPrimary: '#ffffff',
    border: '#dde1e8',
    accent: '#b5421a',
  },
  dark: {
    bg: '#12151b',
    surface: '#1b1f27',
    text: '#eceef2',
    muted: '#a4abb8',
    primary: '#8db0ff',
    onPrimary: '#0d1a3a',
    border: '#2e343f',
    accent: '#f59a6b',
  },
  fonts: {
    body: { family: 'Inter' },
    heading: { family: 'Inter' },
    mono: { family: 'JetBrains Mono' },
  },
  typeSteps: {
    xs: { size: '0.75rem', lineHeight: 1.5, weight: 400 },
    sm: { size: '0.875rem', lineHeight: 1.5, weight: 400 },
    base: { size: '1rem', lineHeight: 1.65, weight: 400 },
    lg: { size: '1.125rem', lineHeight: 1.6, weight: 400 },
    xl: { size: '1.25rem', lineHeight: 1.45, weight: 600 },
    '2xl': { size: '1.5rem', lineHeight: 1.35, weight: 600, letterSpacing: '-0.01em' },
    '3xl': {
      size: '1.875rem',
      mobileSize: '1.5rem',
      lineHeight: 1.25,
      weight: 700,
      letterSpacing: '-0.015em',
    },
    '4xl': {
      size: '2.5rem',
      mobileSize: '1.875rem',
      lineHeight: 1.15,
      weight: 700,
      letterSpacing: '-0.02em',
    },
  },
  textStyles: {
    body: { step: 'base', font: 'body', weight: 400, color: 'color:text' },
    h1: { step: '4xl', font: 'heading', weight: 700, color: 'color:text' },
    h2: { step: '3xl', font: 'heading', weight: 700, color: 'color:text' },
    h3: { step: '2xl', font: 'heading', weight: 600, color: 'color:text' },
    h4: { step: 'xl', font: 'heading', weight: 600, color: 'color:text' },
    h5: { step: 'lg', font: 'heading', weight: 600, color: 'color:text' },
    h6: { step: 'base', font: 'heading', weight: 600, color: 'color:text' },
  },
  space: {
    '0': '0',
    '1': '0.25rem',
    '2': '0.5rem',
    '3': '0.75rem',
    '4': '1rem',
    '5': '1.25rem',
    '6': '1.5rem',
    '8': '2rem',
    '10': '2.5rem',
    '12': '3rem',
    '16': '4rem',
    '20': '5rem',
    '24': '6rem',
  },
  radius: { none: '0', sm: '0.25rem', md: '0.5rem', lg: '1rem', full: '9999px' },
  shadow: {
    sm: [{ x: '0', y: '1px', blur: '2px', color: 'rgb(16 24 40 / 0.08)' }],
    md: [
      { x: '0', y: '4px', blur: '8px', spread: '-2px', color: 'rgb(16 24 40 / 0.1)' },
      { x: '0', y: '2px', blur: '4px', spread: '-2px', color: 'rgb(16 24 40 / 0.06)' },
    ],
    lg: [
      { x: '0', y: '12px', blur: '24px', spread: '-4px', color: 'rgb(16 24 40 / 0.12)' },
      { x: '0', y: '4px', blur: '8px', spread: '-2px', color: 'rgb(16 24 40 / 0.06)' },
    ],
  },
  containers: {
    widths: { sm: '640px', md: '768px', lg: '1120px', xl: '1280px', prose: '68ch' },
    default: 'lg',
    gutter: '1.5rem',
  },
  elements: {
    link: {
      base: { color: 'color:primary', textDecoration: 'underline' },
      hover: { textDecoration: 'none' },
    },
    button: {
      base: {
        backgroundColor: 'color:primary',
        color: 'color:onPrimary',
        paddingX: 'space:5',
        paddingY: 'space:3',
        borderRadius: 'radius:md',
        borderWidth: '0',
        fontWeight: 600,
        textDecoration: 'none',
      },
      hover: { opacity: 0.9 },
    },
    input: {
      base: {
        backgroundColor: 'color:bg',
        color: 'color:text',
        borderColor: 'color:border',
        borderWidth: '1px',
        borderStyle: 'solid',
        borderRadius: 'radius:sm',
        paddingX: 'space:3',
        paddingY: 'space:2',
      },
      focus: { borderColor: 'color:primary' },
    },
    label: { base: { fontSize: 'type:sm', fontWeight: 500 } },
    prose: { base: { maxWidth: 'container:prose' } },
  },
};
