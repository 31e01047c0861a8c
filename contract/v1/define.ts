import { z } from 'zod';
import { permissionEditRefusal, permissionRefusal } from '../messages';
import { PERMISSION_SUBJECT, type Permission } from '../permissions';

/**
 * One v1 call, declared once: the API builds its route, its permission check and its OpenAPI
 * entry from this, the app builds its typed client from it, and the permission matrix test
 * reads who may make it (docs/decisions/049). Plain zod only (metadata through `.meta`), so
 * the app can import every declaration without pulling in the server.
 */
/**
 * 'member': any member of the business named by {business_id}; 'signed-in': any signed-in user
 * (a user's own calls, and calls made before a membership exists, e.g. accepting an invitation);
 * 'public': no sign-in at all (signing up and in, a visitor's website chat).
 */
export type CallPermission = Permission | 'member' | 'signed-in' | 'public';
/** How the body travels: JSON, or multipart/form-data for an upload (the client sends a FormData). */
export type BodyKind = 'json' | 'multipart';
/**
 * A call answered by a stream rather than the JSON envelope (a reply as it is produced): what
 * its 200 is, by media type. Its refusals before the stream starts are still the envelope.
 */
export type StreamAnswer = { description: string; content: Record<string, z.ZodType> };

export type V1Call<
  Path extends string = string,
  Params extends z.ZodObject = z.ZodObject,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  BodyRequired extends boolean = boolean,
  Kind extends BodyKind = BodyKind,
  Stream extends StreamAnswer | undefined = StreamAnswer | undefined,
> = {
  /** Under /api/v1/, with {name} path parameters; every v1 call is a POST. */
  path: Path;
  params: Params;
  /** Request headers the call reads besides the client headers every call may send (documented, checked). */
  headers?: z.ZodObject;
  body: Body;
  /** multipart: the body schema documents the form's fields; the handler reads and checks them. */
  bodyKind: Kind;
  /** false: the body may be left out, and is then read as {} (the defaults apply). */
  bodyRequired: BodyRequired;
  /** The `data` of the success envelope. */
  response: Response;
  /** Set when the call answers with a stream: the handler returns the Response, the client reads it with v1Raw. */
  stream: Stream;
  /** What the caller must hold in the business ({business_id}), or 'member' / 'signed-in' / 'public'. */
  permission: CallPermission;
  /** The exact 403 message (docs/product.md#validation) for a caller without the permission. */
  refusal: string | undefined;
  summary: string;
  tags: string[];
};

type Declaration<
  Path extends string,
  Params extends z.ZodObject,
  Body,
  Response extends z.ZodType,
  BodyRequired extends boolean,
  Kind extends BodyKind,
  Stream extends StreamAnswer | undefined,
> = {
  path: Path;
  params: Params;
  headers?: z.ZodObject;
  body?: Body;
  bodyKind?: Kind;
  bodyRequired?: BodyRequired;
  response: Response;
  stream?: Stream;
  permission: CallPermission;
  refusal?: string;
  summary: string;
  tags: string[];
};

/** The spec's refusal for a permission: "You do not have permission to view customers" / "…to edit customers". */
export function refusalFor(permission: CallPermission): string | undefined {
  if (permission === 'member' || permission === 'signed-in' || permission === 'public' || permission === 'admin')
    return undefined;
  const [entity, verb] = permission.split('/');
  const subject = PERMISSION_SUBJECT[`${entity}/view` as keyof typeof PERMISSION_SUBJECT];
  if (!subject) return undefined;
  return verb === 'view' ? permissionRefusal(subject) : permissionEditRefusal(subject);
}

export function defineCall<
  const Path extends string,
  Params extends z.ZodObject,
  Response extends z.ZodType,
  Body extends z.ZodType | undefined = undefined,
  const BodyRequired extends boolean = true,
  const Kind extends BodyKind = 'json',
  Stream extends StreamAnswer | undefined = undefined,
>(
  declaration: Declaration<Path, Params, Body, Response, BodyRequired, Kind, Stream>,
): V1Call<Path, Params, Body, Response, BodyRequired, Kind, Stream> {
  return {
    ...declaration,
    stream: declaration.stream as Stream,
    body: declaration.body as Body,
    bodyKind: (declaration.bodyKind ?? 'json') as Kind,
    bodyRequired: (declaration.bodyRequired ?? true) as BodyRequired,
    refusal: declaration.refusal ?? refusalFor(declaration.permission),
  };
}

/** The {business_id} every business call names. */
export const businessParams = z.object({ business_id: z.string().min(1) });
/** {business_id} and one more path parameter, e.g. idParams('customer_id'). */
export const idParams = <const Name extends string>(name: Name) =>
  businessParams.extend({ [name]: z.string().min(1) } as { [K in Name]: z.ZodString });

/** The path with its parameters filled in (encoded), e.g. for a call made on another business's behalf. */
export function callPath(call: Pick<V1Call, 'path'>, params: Record<string, string>): string {
  return call.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${call.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

export type CallParams<C extends V1Call> = z.output<C['params']>;
export type CallBody<C extends V1Call> = C['body'] extends z.ZodType
  ? C['bodyKind'] extends 'multipart'
    ? FormData
    : z.input<C['body']>
  : undefined;
export type CallResponse<C extends V1Call> = z.output<C['response']>;
