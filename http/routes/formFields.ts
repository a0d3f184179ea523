/**
 * Reading a posted form's fields (plugins/formPosts.ts) into a call's JSON body: one value per field,
 * trimmed; an empty field is a field not given; numbers as typed when they are not numbers, so the call
 * says which field is wrong.
 */
import type { FormFields } from '../plugins/formPosts.ts';

/** A field as typed, trimmed (the last of several). */
export const text = (fields: FormFields, name: string): string | undefined => {
  const value = fields[name];
  const one = typeof value === 'string' ? value : value?.at(-1);
  return one === undefined ? undefined : one.trim();
};
/** A password as typed (spaces count). */
export const raw = (fields: FormFields, name: string): string | undefined => {
  const value = fields[name];
  return typeof value === 'string' ? value : value?.at(-1);
};
/** A field left empty is a field not given. */
export const given = (fields: FormFields, name: string): string | undefined => {
  const value = text(fields, name);
  return value === '' ? undefined : value;
};
export const checked = (fields: FormFields, name: string) =>
  ['true', 'on', '1'].includes(text(fields, name) ?? '');
export const number = (fields: FormFields, name: string): number | string | undefined => {
  const value = given(fields, name)?.replace(/\s/g, '').replace(',', '.');
  if (value === undefined) return undefined;
  const parsed = Number(value);
  // Not a number: passed on as typed, so the call says which field is wrong.
  return Number.isFinite(parsed) ? parsed : value;
};
/** Major units typed by the buyer → minor units. */
export const minor = (fields: FormFields, name: string): number | string | undefined => {
  const value = number(fields, name);
  return typeof value === 'number' ? Math.round(value * 100) : value;
};
export const list = (fields: FormFields, name: string): string[] => {
  const value = fields[name];
  return value === undefined ? [] : typeof value === 'string' ? [value] : [...value];
};
/** A funnel call's answer: the page the buyer belongs on now (`links.page`). */
export const pageOf = (answer: unknown) => (answer as { links?: { page?: string } } | undefined)?.links?.page;
