// A Vite plugin: index.html asks for the first screen's chunk (/home, where '/' leads) and its
// imports beside the entry, instead of after the entry has run and asked for it (one round trip
// less before anything shows on a phone's network). The screen stays a chunk of its own.
import type { Plugin } from 'vite';

export function preloadFirstScreen(screenModule: string): Plugin {
  return {
    name: 'diecast:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const screen = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(screenModule),
        );
        if (!screen || screen.type !== 'chunk') return html;
        // The screen's chunk and everything it imports statically, less what the entry has.
        const already = new Set([entry.fileName, ...entry.imports]);
        const files: string[] = [];
        const css = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || already.has(fileName)) return;
          already.add(fileName);
          files.push(fileName);
          for (const sheet of chunk.viteMetadata?.importedCss ?? []) css.add(sheet);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(screen.fileName);
        return {
          html,
          tags: [
            ...files.map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
            ...[...css].map((file) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
          ],
        };
      },
    },
  };
}
