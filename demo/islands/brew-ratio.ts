/** The brew-ratio island: the water for the dose the visitor types, at the component's ratio. */
for (const root of document.querySelectorAll<HTMLElement>('[data-island="brew-ratio"]')) {
  const input = root.querySelector<HTMLInputElement>('input[data-ratio]');
  const output = root.querySelector('output');
  if (!input || !output) continue;
  const ratio = Number(input.dataset.ratio);
  input.addEventListener('input', () => {
    const dose = Number(input.value);
    output.textContent = Number.isFinite(dose) && dose > 0 ? String(Math.round(dose * ratio)) : '–';
  });
}
