/**
 * A small path-template compiler (domain/ may not depend on a router). Syntax:
 * - `:name` a parameter, up to the first character that is not a letter, digit or underscore, so
 *   `/purchase-:id/:slug` has two parameters;
 * - `{…}` an optional part, possibly nested: `/blog{/:page}`, `{/:facet1{/:facet2}}`.
 * Each parameter matches its rule's pattern; regular expressions are built once, at compile time.
 */
import { escapeRegExp } from './escapeRegExp.ts';
import type { ParamRule } from './paramRules.ts';

type Node =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'param'; readonly name: string }
  | { readonly kind: 'group'; readonly nodes: readonly Node[] };

/** Result of rendering a template: the path, or the first parameter that has no value. */
export type RenderResult =
  | { readonly ok: true; readonly path: string }
  | { readonly ok: false; readonly missing: string };

/** A template compiled for matching and rendering. */
export interface CompiledPattern {
  readonly template: string;
  /** The text every path of the template starts with (up to its first parameter or optional part). */
  readonly lead: string;
  /** Anchored matcher; each parameter is a named group. */
  readonly regex: RegExp;
  /** Parameter names, in template order. */
  readonly paramNames: readonly string[];
  /** Values read from a path (defaults filled, extra checks applied), or null when it does not match. */
  match(path: string): Record<string, string> | null;
  /**
   * Writes a path from values already checked against their rules. An optional part is written when a
   * parameter inside it has a value worth writing (given, or a default that is not `omitDefault`).
   */
  render(values: Readonly<Record<string, string>>): RenderResult;
}

const NAME = /[A-Za-z0-9_]/;

function parse(template: string): Node[] {
  const stack: Node[][] = [[]];
  let text = '';
  const flush = () => {
    if (text !== '') stack.at(-1)!.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < template.length; i++) {
    const char = template[i]!;
    if (char === ':') {
      flush();
      let name = '';
      while (i + 1 < template.length && NAME.test(template[i + 1]!)) name += template[++i];
      if (!/^[A-Za-z_]/.test(name)) throw new Error(`template ${template}: bad parameter name at ${i}`);
      stack.at(-1)!.push({ kind: 'param', name });
    } else if (char === '{') {
      flush();
      stack.push([]);
    } else if (char === '}') {
      flush();
      const nodes = stack.pop()!;
      if (stack.length === 0) throw new Error(`template ${template}: unbalanced "}"`);
      stack.at(-1)!.push({ kind: 'group', nodes });
    } else {
      text += char;
    }
  }
  flush();
  if (stack.length !== 1) throw new Error(`template ${template}: unbalanced "{"`);
  return stack[0]!;
}

// Rendering runs for every link of every page: the template is prepared once (each optional part with
// its parameters' rules) and written by plain functions (no closures made per call).
type Part =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'param'; readonly name: string; readonly rule: ParamRule }
  | {
      readonly kind: 'group';
      readonly params: readonly { readonly name: string; readonly rule: ParamRule }[];
      readonly parts: readonly Part[];
    };

/** Whether an optional part is written: one of its parameters has a value worth writing. */
function worthWriting(part: Extract<Part, { kind: 'group' }>, values: Readonly<Record<string, string>>) {
  for (const { name, rule } of part.params) {
    const value = values[name] ?? rule.default;
    if (value !== undefined && !(rule.omitDefault === true && value === rule.default)) return true;
  }
  return false;
}

function write(
  parts: readonly Part[],
  values: Readonly<Record<string, string>>,
  into: { path: string; missing: string | undefined },
): void {
  for (const part of parts) {
    if (part.kind === 'text') into.path += part.text;
    else if (part.kind === 'group') {
      if (worthWriting(part, values)) write(part.parts, values, into);
    } else {
      const value = values[part.name] ?? part.rule.default;
      if (value === undefined) into.missing ??= part.name;
      else into.path += value;
    }
  }
}

const paramsIn = (nodes: readonly Node[]): string[] =>
  nodes.flatMap((node) =>
    node.kind === 'param' ? [node.name] : node.kind === 'group' ? paramsIn(node.nodes) : [],
  );

/** Compiles a template whose every parameter has a rule in `rules` (and every rule a parameter). */
export function compilePattern(
  template: string,
  rules: Readonly<Record<string, ParamRule>>,
): CompiledPattern {
  const nodes = parse(template);
  const paramNames = paramsIn(nodes);
  const ruleOf = (name: string): ParamRule => {
    const rule = rules[name];
    if (rule === undefined) throw new Error(`template ${template}: no rule for parameter ${name}`);
    return rule;
  };
  if (new Set(paramNames).size !== paramNames.length)
    throw new Error(`template ${template}: repeated parameter`);
  for (const name of Object.keys(rules)) {
    if (!paramNames.includes(name))
      throw new Error(`template ${template}: rule for absent parameter ${name}`);
  }

  const source = (list: readonly Node[]): string =>
    list
      .map((node) => {
        if (node.kind === 'text') return escapeRegExp(node.text);
        if (node.kind === 'param') return `(?<${node.name}>${ruleOf(node.name).pattern})`;
        return `(?:${source(node.nodes)})?`;
      })
      .join('');
  const regex = new RegExp(`^${source(nodes)}$`);

  const match = (path: string): Record<string, string> | null => {
    const found = regex.exec(path);
    if (found === null) return null;
    const groups = found.groups ?? {};
    const values: Record<string, string> = {};
    for (const name of paramNames) {
      const rule = ruleOf(name);
      const value = groups[name] ?? rule.default;
      if (value === undefined) continue;
      if (rule.check !== undefined && !rule.check(value)) return null;
      values[name] = value;
    }
    return values;
  };

  const prepare = (list: readonly Node[]): Part[] =>
    list.map((node): Part => {
      if (node.kind === 'text') return node;
      if (node.kind === 'param') return { kind: 'param', name: node.name, rule: ruleOf(node.name) };
      const params = paramsIn(node.nodes).map((name) => ({ name, rule: ruleOf(name) }));
      return { kind: 'group', params, parts: prepare(node.nodes) };
    });
  const parts = prepare(nodes);
  const render = (values: Readonly<Record<string, string>>): RenderResult => {
    const written = { path: '', missing: undefined as string | undefined };
    write(parts, values, written);
    return written.missing === undefined
      ? { ok: true, path: written.path }
      : { ok: false, missing: written.missing };
  };

  let lead = '';
  for (const node of nodes) {
    if (node.kind !== 'text') break;
    lead += node.text;
  }

  return { template, lead, regex, paramNames, match, render };
}
