// Internal to the time modules (src/domain/time.ts does not re-export it): the written forms that
// more than one parser reads — the wall-clock form role inputs take, and an offset suffix.

/** `YYYY-MM-DDTHH:mm[:ss]`, no offset: the wall-clock form role inputs take. */
export const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Minutes east of UTC for `Z`, `+01`, `+0100` or `+01:00`; undefined for anything else. */
export function offsetFromText(text: string): number | undefined {
  if (/^z$/i.test(text)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(text);
  if (!m) return undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? '0');
  return m[1] === '-' ? -minutes : minutes;
}
