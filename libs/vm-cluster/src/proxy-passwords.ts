/** The user-info password of each proxy URL (RFC 3986 §3.2.1), e.g. `password1` of http://user1:password1@host1:port1: values a session masks. */
export function proxyPasswords(...urls: (string | undefined)[]): string[] {
  return urls.map((url) => url && /^[a-z][a-z0-9+.-]*:\/\/[^:@/]*:([^@/]+)@/i.exec(url)?.[1]).filter((value): value is string => !!value);
}
