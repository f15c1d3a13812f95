/** Starts the built renderer on 127.0.0.1 with an ephemeral port for one test file. */
import { preview, type PreviewServer } from 'vite';

export interface RendererHost {
  readonly url: string;
  close(): Promise<void>;
}

export async function startRendererHost(): Promise<RendererHost> {
  const server: PreviewServer = await preview({
    configFile: 'renderer/vite.config.ts',
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
    logLevel: 'warn',
  });
  const url = server.resolvedUrls?.local[0];
  if (url === undefined) throw new Error('the renderer host did not report its address');
  return { url, close: () => server.close() };
}
