/** `{{name}}` parameters in a funnel screen's message. */
export function fill(text: string, params: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => String(params[name] ?? all));
}
