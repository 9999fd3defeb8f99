/**
 * The values of a validation message. A schema's message is a catalogue key where people see it
 * (decision 0020); the values it needs are the issue's own: zod's `minimum` and `maximum` of a
 * too_small or too_big issue, and a custom issue's `params`. The form translates
 * `t(issue.message, issueValues(issue))`; the server does the same with Fastify's validation entry,
 * whose `params` hold the issue.
 */
export function issueValues(issue: object): Record<string, unknown> {
  const { minimum, maximum, params } = issue as { minimum?: unknown; maximum?: unknown; params?: Record<string, unknown> };
  return { minimum, maximum, ...params };
}
