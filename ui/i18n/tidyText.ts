/**
 * Cleans a message whose optional parameter was empty: collapses double spaces and removes the space
 * left before punctuation (French keeps a space before `:` and `;`, as its typography wants).
 */
export function tidyText(text: string, language: string): string {
  const collapsed = text.replace(/ {2,}/g, ' ').trim();
  return language.startsWith('fr')
    ? collapsed.replace(/ ([,.])/g, '$1')
    : collapsed.replace(/ ([,.:;])/g, '$1');
}
