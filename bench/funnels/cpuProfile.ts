/**
 * A CPU profile of the bench's own process (where the app under test runs) over one phase, through the
 * inspector (`node:inspector/promises`): written as a `.cpuprofile` (Chrome DevTools, speedscope) and
 * summed up on stderr: self time by package or source folder, and the functions with most self time.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export async function startCpuProfile(): Promise<{ stop(file: string): Promise<string[]> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
      session.disconnect();
      await writeFile(file, JSON.stringify(profile));
      return summarise(profile);
    },
  };
}

/** Where a frame's code lives: a package, a folder of ours, or V8's own bucket. */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return url.split('/')[0]!;
  const ours = /\/work\/main\/([^/]+)\//.exec(url) ?? /\/([^/]+)\/[^/]+\.ts$/.exec(url);
  return ours ? `${ours[1]}/` : url;
}

function summarise(profile: Profile): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const places = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const place = placeOf(url, functionName);
    places.set(place, (places.get(place) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|work\/main)\//, '')}:${lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const percent = (us: number) => `${((us / total) * 100).toFixed(1)} %`;
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `#   ${percent(us).padStart(7)}  ${name}`);
  return [
    `# CPU profile: ${(total / 1e6).toFixed(1)} s sampled; self time by place:`,
    ...top(places, 15),
    '# functions with most self time:',
    ...top(functions, 25),
  ];
}
