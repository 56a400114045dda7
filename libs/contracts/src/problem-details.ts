/** RFC 7807 as profiled by ETSI GS NFV-SOL 013 v2.6.1 §6.3: status and detail are mandatory. */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status: number;
  detail: string;
}
