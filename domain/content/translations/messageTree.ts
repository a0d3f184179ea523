/** Dictionaries as trees of words (`{ nav: { used: '…' } }`) and as keys (`nav.used`): both ways, and overrides applied. */

/** A dictionary's texts by key (`nav.used` → text), in the dictionary's order. */
export function flattenMessages(tree: object, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') flat[key] = value;
    else if (value !== null && typeof value === 'object') Object.assign(flat, flattenMessages(value, key));
  }
  return flat;
}

/**
 * A copy of `tree` with each override's text at its key (shared subtrees where nothing changed); an
 * override whose key the tree lacks (a key a later release removed) is left out.
 */
export function withOverrides<T extends object>(tree: T, overrides: Readonly<Record<string, string>>): T {
  let result: T = tree;
  for (const [key, text] of Object.entries(overrides)) result = setLeaf(result, key.split('.'), text);
  return result;
}

function setLeaf<T extends object>(tree: T, path: readonly string[], text: string): T {
  const [name, ...rest] = path;
  if (name === undefined || !Object.hasOwn(tree, name)) return tree;
  const value = (tree as Record<string, unknown>)[name];
  if (rest.length === 0) {
    return typeof value === 'string' ? ({ ...tree, [name]: text } as T) : tree;
  }
  if (value === null || typeof value !== 'object') return tree;
  const next = setLeaf(value as object, rest, text);
  return next === value ? tree : ({ ...tree, [name]: next } as T);
}
