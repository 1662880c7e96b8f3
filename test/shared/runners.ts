// Two classes with a method of the same name, and a file that calls both: a language server tells
// `Sprinter.run`'s uses from `Walker.run`'s, tree-sitter alone cannot. The desktop, web and unit tests
// of language-server references share them.
export const RUNNERS_TS = `export class Sprinter {
  run(): number {
    return 1;
  }
}

export class Walker {
  run(): number {
    return 2;
  }
}
`;

export const RACE_TS = `import { Sprinter, Walker } from './runners';

export function race(a: Sprinter, b: Walker): number {
  return a.run() + b.run();
}

export function relay(team: Sprinter[]): number {
  return team.map((runner) => runner.run()).length;
}
`;
