import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaObject, MediaStorage, Staged } from './types';

/** Media in a folder on this machine's disk (`.data/media` by default): one instance, or a shared volume. */
export class LocalStorage implements MediaStorage {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  /** The file of a key; a key that would leave the root (`..`, absolute) names nothing. */
  private file(key: string): string | null {
    const root = path.resolve(this.root);
    const file = path.resolve(root, ...key.split('/'));
    return file.startsWith(root + path.sep) ? file : null;
  }

  async open(key: string): Promise<MediaObject | null> {
    const file = this.file(key);
    if (!file) return null;
    try {
      const stat = await fs.stat(file);
      if (!stat.isFile()) return null;
      return { body: createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }

  localFile(key: string): string | null {
    return this.file(key);
  }

  async exists(key: string): Promise<boolean> {
    const file = this.file(key);
    if (!file) return false;
    return fs.stat(file).then(
      (stat) => stat.isFile(),
      () => false,
    );
  }

  async write(key: string, data: Buffer): Promise<void> {
    await this.replace(key, (temporary) => fs.writeFile(temporary, data));
  }

  async writeFile(key: string, localPath: string): Promise<void> {
    await this.replace(key, (temporary) => fs.copyFile(localPath, temporary));
  }

  /** Whole or nothing: the content goes into a temporary file beside the key's, which a rename puts in its place. */
  private async replace(key: string, fill: (temporary: string) => Promise<void>): Promise<void> {
    const file = this.file(key);
    if (!file) throw new Error(`media key outside the media folder: ${key}`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fill(temporary);
    await fs.rename(temporary, file);
  }

  async list(folder: string): Promise<string[]> {
    const dir = this.file(folder);
    if (!dir) return [];
    const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
    const root = path.resolve(this.root);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  }

  async removeKey(key: string): Promise<void> {
    const file = this.file(key);
    if (file) await fs.rm(file, { force: true });
  }

  async removeFolder(folder: string): Promise<void> {
    const dir = this.file(folder);
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }

  /** The import renders straight into a folder under the root, so staging costs nothing and commit is a rename. */
  async stage(localDir: string): Promise<Staged> {
    return {
      commit: async (moves) => {
        for (const move of moves) {
          const from = path.join(localDir, move.from, 'view');
          const to = this.file(`${move.to}/view`);
          if (!to) throw new Error(`media key outside the media folder: ${move.to}`);
          await fs.mkdir(to, { recursive: true });
          // Each rename replaces one file whole.
          for (const name of await fs.readdir(from)) await fs.rename(path.join(from, name), path.join(to, name));
        }
      },
      discard: async () => {
        // The import removes its own local folder.
      },
    };
  }

  async removeAbandonedStaging(): Promise<void> {
    // The import's temporary folders are local ones: removeAbandonedTemporaryFolders tells them by process id.
  }
}
