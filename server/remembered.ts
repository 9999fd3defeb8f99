/**
 * `read` of a request header, remembered for the last `size` distinct values: browsers send a handful
 * of Accept-Encoding and Accept-Language values, so the hot answers (the catalogue) parse each once;
 * an unusual value costs one call, and the memory stays bounded.
 */
export function rememberedByHeader<T>(read: (header: string | undefined) => T, size = 100): (header: string | undefined) => T {
  const known = new Map<string | undefined, T>();
  return (header) => {
    let value = known.get(header);
    if (value === undefined) {
      value = read(header);
      if (known.size >= size) known.clear();
      known.set(header, value);
    }
    return value;
  };
}

/**
 * What `load` gives, loaded once and shared by concurrent callers (a courier's token, its service list); forgotten
 * when loading fails, or when `forget` is called (a token the service no longer takes), so the next call loads again.
 */
export function sharedOnce<T>(load: () => Promise<T>): { get(): Promise<T>; forget(stale?: Promise<T>): void } {
  let value: Promise<T> | null = null;
  return {
    get() {
      if (!value) {
        const loading = load();
        value = loading;
        loading.catch(() => {
          if (value === loading) value = null;
        });
      }
      return value;
    },
    /** Forgets the value (only if it is still `stale`, when given: another caller may have loaded a new one). */
    forget(stale) {
      if (!stale || value === stale) value = null;
    },
  };
}
