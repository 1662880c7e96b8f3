// Registers every tool with vscode.lm and translates between VS Code's tool API and the core.
import * as vscode from 'vscode';
import type { Lectern } from '../core/engine';
import { directRegistrar, type Registrar } from './activation/registrar';

/** How long a user's approval of an outside-workspace read waits for its invocation. */
const APPROVAL_TTL_MS = 5 * 60 * 1000;

/**
 * Approvals of outside-workspace reads. VS Code calls prepareInvocation, shows our confirmation,
 * and calls invoke only if the user agreed, so invoke consumes the approval its prepare recorded.
 */
class Approvals {
  private readonly pending = new Map<string, number>();

  private key(tool: string, input: unknown): string {
    return `${tool}\0${JSON.stringify(input)}`;
  }

  record(tool: string, input: unknown): void {
    const now = Date.now();
    for (const [key, expiry] of this.pending) if (expiry < now) this.pending.delete(key);
    this.pending.set(this.key(tool, input), now + APPROVAL_TTL_MS);
  }

  consume(tool: string, input: unknown): boolean {
    const key = this.key(tool, input);
    const expiry = this.pending.get(key);
    this.pending.delete(key);
    return expiry !== undefined && expiry >= Date.now();
  }
}

/** Shows a long first build of the symbol index in the status bar while a call waits for it. */
class IndexProgress {
  private started = false;
  private ended = false;
  private update: ((message: string) => void) | undefined;
  private finish: (() => void) | undefined;

  report(done: number, total: number): void {
    if (this.ended) return;
    if (!this.started) {
      this.started = true;
      void vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: 'Lectern: indexing symbols' },
        (progress) => {
          this.update = (message) => progress.report({ message });
          return new Promise<void>((resolve) => {
            this.finish = resolve;
            if (this.ended) resolve();
          });
        },
      );
    }
    this.update?.(`${done} of ${total} files`);
  }

  done(): void {
    this.ended = true;
    this.finish?.();
  }
}

export function registerTools(engine: Lectern, registrar: Registrar = directRegistrar): vscode.Disposable[] {
  const approvals = new Approvals();
  return engine.catalog.allTools.map((definition) =>
    registrar.tool(definition.name, {
      async prepareInvocation(options) {
        const message = engine.catalog.title(definition.name, options.input);
        const outside = await engine.outsideTargets(definition.name, options.input);
        const secrets = await engine.secretTargets(definition.name, options.input);
        if (outside.length === 0 && secrets.length === 0) return { invocationMessage: message };
        approvals.record(definition.name, options.input);
        const list = (paths: string[]) => paths.map((p) => `\`${p}\``).join(', ');
        const why = [
          outside.length > 0
            ? `${list(outside)} ${outside.length === 1 ? 'is' : 'are'} outside the workspace folders (after resolving symbolic links).`
            : '',
          secrets.length > 0
            ? `${list(secrets)} ${secrets.length === 1 ? 'looks' : 'look'} like a secret (a private key, .env or credentials file); its content would be sent to the model.`
            : '',
        ].filter((s) => s.length > 0);
        return {
          invocationMessage: message,
          confirmationMessages: {
            title: secrets.length > 0 ? 'Read a secret-looking file?' : 'Read outside the workspace?',
            message: new vscode.MarkdownString(`Lectern was asked to read: ${why.join(' ')}`),
          },
        };
      },
      async invoke(options, token) {
        // One confirmation covers both: the user saw the outside and secret-looking targets named.
        const approved = options.toolInvocationToken !== undefined && approvals.consume(definition.name, options.input);
        const allowOutside = approved;
        const allowSecrets = approved;
        let text: string;
        const progress = new IndexProgress();
        try {
          const response = await engine.invoke(definition.name, options.input, {
            signal: token,
            allowOutside,
            allowSecrets,
            tokenBudget: options.tokenizationOptions?.tokenBudget,
            onIndexProgress: (done, total) => progress.report(done, total),
          });
          text = response.text;
        } catch (error) {
          // The engine answers every failure itself; this is a last guard for the host.
          text = `Error INTERNAL: ${(error as Error)?.message ?? String(error)}`;
        }
        progress.done();
        return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
      },
    }),
  );
}
