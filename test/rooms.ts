/**
 * Reads the engine's rooms from their sources (for test/room-allowances.test.ts): the chain of
 * classes from `Engine` down, each room's own members (fields and methods), what its code uses of
 * the object (`this.x`, `super.x`), the room files it imports, and the allowances written in its
 * `room-allowances` block. The TypeScript compiler has no JavaScript API here (TypeScript 7), so
 * this reads the code as it is laid out in this repository: a class body's members at two spaces
 * of indent, the class closed by a `}` at the start of a line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Member {
  name: string;
  kind: 'field' | 'method';
  abstract: boolean;
}

export interface Room {
  name: string;
  /** The file, relative to runtime/. */
  file: string;
  /** Its place in the chain: 0 for the base (GameState), up to the Engine. */
  level: number;
  parent: string | null;
  members: Member[];
  /** Every `this.x` and `super.x` name its class body uses. */
  uses: Set<string>;
  /** The runtime files it imports (relative to runtime/). */
  imports: string[];
  allowances: Allowances | null;
}

/** What a room may use of the others, as written at the top of its file. */
export interface Allowances {
  /** The rooms below it whose methods it calls. */
  below: string[];
  /** The rooms above it it calls through its abstract members: room → members. */
  above: Map<string, string[]>;
  /** The fields of other rooms it reads or writes, as `Room.field`. */
  fields: string[];
}

const MODIFIERS = /^(?:(?:private|protected|public|readonly|abstract|static|override|declare|async)\s+)*/;

/** The body of `class name` in a source: the lines between its header and its closing `}`. */
function classBody(source: string, name: string): string[] {
  const lines = source.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^export (?:abstract )?class ${name}\\b`).test(l));
  if (start < 0) throw new Error(`no class ${name}`);
  const end = lines.findIndex((l, i) => i > start && l === '}');
  return lines.slice(start + 1, end);
}

function membersOf(body: string[]): Member[] {
  const out: Member[] = [];
  for (let i = 0; i < body.length; i++) {
    const line = body[i]!;
    if (!/^ {2}[^ /*}]/.test(line)) continue;
    const text = line.slice(2);
    const abstract = /^(?:\w+\s+)*abstract\s/.test(text);
    const rest = text.replace(MODIFIERS, '');
    if (rest.startsWith('constructor(')) {
      // Parameter properties (`readonly ir: GameIR`) are fields: in a constructor whose parameters
      // stand one a line, up to the line that closes them.
      if (!rest.endsWith('(')) continue;
      for (let j = i + 1; j < body.length && !body[j]!.startsWith('  )'); j++) {
        const p = /^\s+(?:private|protected|public|readonly)\s+(?:readonly\s+)?(\w+)/.exec(body[j]!);
        if (p) out.push({ name: p[1]!, kind: 'field', abstract: false });
      }
      continue;
    }
    const getter = /^(?:get|set)\s+(\w+)\s*\(/.exec(rest);
    if (getter) {
      out.push({ name: getter[1]!, kind: 'method', abstract });
      continue;
    }
    const m = /^(\w+)([!?]?)\s*([(<:=;])/.exec(rest);
    if (!m) continue;
    out.push({ name: m[1]!, kind: m[3] === '(' || m[3] === '<' ? 'method' : 'field', abstract });
  }
  // A getter and its setter, or overloads, are one member.
  return out.filter((m, i) => out.findIndex((x) => x.name === m.name) === i);
}

/** The allowances block: `/* room-allowances` … `*\/`, with `below:`, `above:` and `fields:` lines. */
export function parseAllowances(source: string): Allowances | null {
  const block = /\/\* room-allowances\b([\s\S]*?)\*\//.exec(source);
  if (!block) return null;
  const text = block[1]!.replace(/^\s*\*/gm, ' ');
  const section = (key: string) => new RegExp(`\\b${key}:([\\s\\S]*?)(?=\\b(?:below|above|fields):|$)`).exec(text)?.[1]?.trim() ?? '';
  const words = (s: string) => s.split(/[\s;,]+/).filter((w) => w && w !== 'none');
  const groups = (s: string) => [...s.matchAll(/(\w+)\s*\(([^)]*)\)/g)].map((m) => [m[1]!, words(m[2]!)] as const);
  const above = new Map(groups(section('above')));
  const fields = groups(section('fields')).flatMap(([room, names]) => names.map((n) => `${room}.${n}`));
  return { below: words(section('below')), above, fields };
}

/** The engine's rooms, from the base up. */
export function readRooms(runtimeDir: string): Room[] {
  const files = readdirSync(runtimeDir).filter((f) => f.endsWith('.ts'));
  const classes = new Map<string, { parent: string | null; file: string; source: string }>();
  for (const file of files) {
    const source = readFileSync(join(runtimeDir, file), 'utf8');
    for (const m of source.matchAll(/^export (?:abstract )?class (\w+)(?: extends (\w+))?/gm)) classes.set(m[1]!, { parent: m[2] ?? null, file, source });
  }
  const chain: string[] = [];
  for (let c: string | null = 'Engine'; c && classes.has(c); c = classes.get(c)!.parent) chain.unshift(c);
  return chain.map((name, level) => {
    const { parent, file, source } = classes.get(name)!;
    const body = classBody(source, name);
    const code = body.join('\n').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
    const uses = new Set([...code.matchAll(/\b(?:this|super)\s*\.\s*(\w+)/g)].map((m) => m[1]!));
    const imports = [...source.matchAll(/^\s*(?:import|export)\b[^'";]*?(?:from\s*)?['"]\.\/([^'"]+)['"]/gm)].map((m) => m[1]!);
    return { name, file, level, parent: chain.includes(parent ?? '') ? parent : null, members: membersOf(body), uses, imports, allowances: parseAllowances(source) };
  });
}

/** A use of another room's member: which room owns it, and whether it is above the user. */
export interface CrossUse {
  member: string;
  kind: 'field' | 'method';
  owner: string;
  up: boolean;
}

/**
 * What a room's code uses of the other rooms. A name it declares itself (concretely) is its own;
 * otherwise the nearest room below it that declares it concretely owns it (what the room builds
 * on), or, when only a room above implements it (an abstract member, a call upward), the lowest
 * such room above. Names no room declares (the object's own, e.g. `constructor`) are left out.
 */
export function crossUses(rooms: Room[], room: Room): CrossUse[] {
  const out: CrossUse[] = [];
  for (const name of [...room.uses].sort()) {
    if (room.members.some((m) => m.name === name && !m.abstract)) continue;
    const owners = rooms.filter((r) => r.members.some((m) => m.name === name && !m.abstract));
    const below = owners.filter((r) => r.level < room.level).pop();
    const owner = below ?? owners.find((r) => r.level > room.level);
    if (!owner) continue;
    out.push({ member: name, kind: owner.members.find((m) => m.name === name)!.kind, owner: owner.name, up: owner.level > room.level });
  }
  return out;
}

/** The allowances a room's code needs: what its block should say. */
export function neededAllowances(rooms: Room[], room: Room): Allowances {
  const uses = crossUses(rooms, room);
  const order = (names: Iterable<string>) => [...new Set(names)].sort((a, b) => rooms.findIndex((r) => r.name === a) - rooms.findIndex((r) => r.name === b));
  const below = order(uses.filter((u) => u.kind === 'method' && !u.up).map((u) => u.owner));
  // A room file imported (beyond the room it extends) is a room used too.
  for (const f of room.imports) {
    const r = rooms.find((x) => x.file === f);
    if (r && r.name !== room.parent && r.name !== room.name && r.level < room.level && !below.includes(r.name)) below.push(r.name);
  }
  const above = new Map<string, string[]>();
  for (const u of uses.filter((x) => x.up)) above.set(u.owner, [...(above.get(u.owner) ?? []), u.member]);
  const fields = uses
    .filter((u) => u.kind === 'field' && !u.up)
    .sort((a, b) => rooms.findIndex((r) => r.name === a.owner) - rooms.findIndex((r) => r.name === b.owner) || a.member.localeCompare(b.member))
    .map((u) => `${u.owner}.${u.member}`);
  return { below: order(below), above: new Map([...above].sort((a, b) => rooms.findIndex((r) => r.name === a[0]) - rooms.findIndex((r) => r.name === b[0]))), fields };
}

/** The block that states `a` for `room`, wrapped to about 100 columns. */
export function allowancesBlock(room: Room, a: Allowances): string {
  const wrap = (key: string, items: string[]): string[] => {
    const lines: string[] = [];
    let line = ` * ${key}:`;
    if (!items.length) return [`${line} none`];
    for (const item of items) {
      for (const word of item.split(' ')) {
        if (line.length + word.length + 1 > 100) {
          lines.push(line);
          line = ' *  ';
        }
        line += ` ${word}`;
      }
    }
    return [...lines, line];
  };
  const grouped = (pairs: [string, string[]][]) => pairs.map(([r, ms]) => `${r} (${ms.join(' ')})`);
  const fields = new Map<string, string[]>();
  for (const f of a.fields) {
    const [r, n] = f.split('.') as [string, string];
    fields.set(r, [...(fields.get(r) ?? []), n]);
  }
  const head = `/* room-allowances of ${room.name} (checked by test/room-allowances.test.ts; docs/architecture.md)`;
  if (!a.below.length && !a.above.size && !a.fields.length) return `${head}: below: none; above: none; fields: none */`;
  return [
    head,
    ...wrap('below', a.below),
    ...wrap('above', grouped([...a.above])),
    ...wrap('fields', grouped([...fields])),
    ' */',
  ].join('\n');
}
