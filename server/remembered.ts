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
