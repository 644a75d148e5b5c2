export class SpillingMap<V> implements Iterable<[string, V]> {
  constructor(inMemory: number, file: () => string, slack?: number);
  readonly size: number;
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  [Symbol.iterator](): Iterator<[string, V]>;
  close(): void;
}
