// The types of the edge routers' JavaScript, for `tsc --checkJs --strict` only (never embedded): the
// routing table `screenkit edge` writes, the decisions the core makes, and the engine globals the
// adapters use (nginx's njs, Lambda@Edge's Node.js). The routers themselves stay plain JavaScript.

/** The routing table (EdgeTable in Swift). */
interface SKTable {
  format: number;
  manifest: string;
  contract: number;
  locales?: SKLocales;
  screens: { [id: string]: SKScreen };
  etags: { [object: string]: string };
  fallbacks?: { [object: string]: string };
  /** A canary release beside this (stable) one: its share in basis points, salt and table. */
  canary?: { basisPoints: number; salt: string; table: SKTable };
}

/** A table's locales. */
interface SKLocales {
  source: string;
  available: string[];
  tags: { [tag: string]: string };
}

/** A catalog screen in the table. */
interface SKScreen {
  minContract: number;
  control: string;
  experiments: SKExperiment[];
  objects: { [locale: string]: { [arms: string]: string[] } };
}

/** An experiment as the manifest writes it. */
interface SKExperiment {
  name: string;
  salt: string;
  decision: string;
  flag?: string;
  percent?: number;
  control: string;
  arms: { name: string; weight: number }[];
}

/** Where the unit comes from, and whether overrides are allowed. */
interface SKOptions {
  unit: { header?: string; cookie?: string; query?: string } | null;
  allowsOverrides: boolean;
}

/** An optional request value: absent is null or undefined. */
type SKHeader = string | null | undefined;

/** What screenkitRoute reads of a request. */
interface SKRequest {
  screen: string;
  contract: SKHeader;
  acceptLanguage: SKHeader;
  unit: SKHeader;
  arm: SKHeader;
  ifNoneMatch: SKHeader;
}

/** What the core is given beside the table. */
interface SKRouteOptions {
  allowsOverrides: boolean;
  unitBucket: SKUnitBucket;
}

/** A unit's bucket (0–9,999) in experiment `name` with `salt`: ExperimentAssignment.bucket. */
type SKUnitBucket = (name: string, salt: string, unit: string) => number;

/** Recent units' canary answers, for engines that keep a module's state between requests. */
interface SKReleaseCache {
  key: string;
  size: number;
  units: { [unit: string]: boolean };
}

/** A parsed ScreenKit-Contract header. */
interface SKClient {
  version?: number;
  missing?: boolean;
  malformed?: boolean;
}

/** What screenkitRoute decided for a screen's 200 or 304. */
interface SKRoute {
  client: SKClient;
  version: number;
  locale: string | null;
  applied: { experiment: string; arm: string }[] | null;
  object: string;
  etag: string;
  cacheControl: string;
  vary: string;
  contract: string;
  experiments: string | null;
  release: string;
}

/** A decision: the status, headers and body (a problem document) or object to answer with. */
interface SKDecision {
  status: number;
  headers: [string, string][];
  body: string | null;
  object: string | null;
  route?: SKRoute;
}

/** What a response record says (records-core.js). */
interface SKFacts {
  screen: string | null;
  client: string;
  served: number;
  status: number;
  locale: string | null;
  unit: string | null;
  experiments: [string, string][] | null;
  forced: [string, string][] | null;
  object: string | null;
}

/** The request values a record is made from. */
interface SKRecordRequest {
  screen: string;
  contract: SKHeader;
  unit: SKHeader;
  arm: SKHeader;
}

// The table and options every router file starts with (the table is data written by `screenkit edge`).
declare var SCREENKIT_OPTIONS: SKOptions;
declare var SCREENKIT_FIRST_RANGE: RegExp | null;
/** The canary table's one-match pattern: declared only by a router that serves a canary. */
declare var SCREENKIT_CANARY_FIRST_RANGE: RegExp | null | undefined;
/** The table nginx preloads (`js_preload_object screenkit_table from table.json;`), when it does. */
declare var screenkit_table: SKTable | undefined;

// nginx njs (0.7): the request object and its module loader.
interface NjsRequest {
  variables: { [name: string]: string };
  headersIn: { [name: string]: string | undefined };
  headersOut: { [name: string]: string };
  args: { [name: string]: string | undefined };
  status: number;
  return(status: number, body?: string | ArrayBuffer): void;
  internalRedirect(uri: string): void;
  subrequest(
    uri: string,
    options: { method: string; args: string },
    callback: (reply: { status: number; responseBuffer: ArrayBuffer }) => void
  ): void;
}

/** The module the njs and Lambda@Edge routers load (njs's and Node's `crypto`): what they use of it. */
declare module "crypto" {
  function createHash(algorithm: string): {
    update(data: string): { digest(): { readUInt32BE(offset: number): number }; digest(encoding: string): string };
  };
  function createHmac(
    algorithm: string,
    key: string | ArrayBuffer
  ): { update(data: string): { digest(): ArrayBuffer; digest(encoding: string): string } };
}
/** `crypto`'s type, for a variable that holds it. */
type SKCryptoModule = typeof import("crypto");
declare var process: { env: { [name: string]: string | undefined } } | undefined;

// Lambda@Edge (CommonJS): CloudFront's event, request and response.
/** CloudFront's headers: lowercase name → entries. */
type CFHeaders = { [name: string]: { key?: string; value: string }[] };
interface CFRequest {
  uri: string;
  querystring?: string;
  headers: CFHeaders;
}
interface CFResponse {
  status: string;
  statusDescription?: string;
  headers: CFHeaders;
  body?: string;
  bodyEncoding?: string;
}
interface CFEvent {
  Records: { cf: { request: CFRequest; response: CFResponse } }[];
}
