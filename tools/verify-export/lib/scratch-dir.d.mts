export class ScratchDir {
  file(name: string): string;
  close(): void;
}
