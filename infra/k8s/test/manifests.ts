import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';

export const K8S_DIR = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A Kubernetes object as read from a manifest, with the file it came from. */
export interface Manifest {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

export function manifestFiles(): string[] {
  return readdirSync(K8S_DIR)
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'))
    .sort();
}

/** Every document of every manifest in infra/k8s; a YAML error fails here, naming its file. */
export function readManifests(): Manifest[] {
  return manifestFiles().flatMap((file) =>
    parseAllDocuments(readFileSync(join(K8S_DIR, file), 'utf8')).map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
      return { ...(document.toJS() as object), file } as Manifest;
    }),
  );
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

/** Kubernetes' label selector semantics: every matchLabels pair and every expression must hold; `{}` selects all. */
export function selects(selector: LabelSelector, labels: Record<string, string>): boolean {
  const pairs = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const expressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    switch (operator) {
      case 'In':
        return key in labels && values.includes(labels[key]!);
      case 'NotIn':
        return !(key in labels) || !values.includes(labels[key]!);
      case 'Exists':
        return key in labels;
      case 'DoesNotExist':
        return !(key in labels);
    }
  });
  return pairs && expressions;
}

function ipv4ToNumber(address: string): number {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) {
    throw new Error(`${address} is not an IPv4 address`);
  }
  return parts.reduce((value, part) => value * 256 + part, 0);
}

export function cidrContains(cidr: string, address: string): boolean {
  const [base, bits] = cidr.split('/');
  if (base!.includes(':') || address.includes(':')) return false;
  const size = 2 ** (32 - Number(bits ?? 32));
  const start = Math.floor(ipv4ToNumber(base!) / size) * size;
  const value = ipv4ToNumber(address);
  return value >= start && value < start + size;
}

interface NetworkPolicyPeer {
  ipBlock?: { cidr: string; except?: string[] };
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
}
interface NetworkPolicyPort {
  protocol?: string;
  port?: number | string;
  endPort?: number;
}
interface NetworkPolicySpec {
  podSelector: LabelSelector;
  policyTypes?: string[];
  egress?: { to?: NetworkPolicyPeer[]; ports?: NetworkPolicyPort[] }[];
}

function portAllowed(ports: NetworkPolicyPort[] | undefined, port: number): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some(
    (rule) => (rule.protocol ?? 'TCP') === 'TCP' && (rule.port === undefined || (typeof rule.port === 'number' && port >= rule.port && port <= (rule.endPort ?? rule.port))),
  );
}

/** Whether a peer list lets traffic reach an address outside the cluster (pod and namespace selectors never do). */
function peerAllows(peers: NetworkPolicyPeer[] | undefined, address: string): boolean {
  if (!peers || peers.length === 0) return true;
  return peers.some(({ ipBlock }) => ipBlock !== undefined && cidrContains(ipBlock.cidr, address) && !(ipBlock.except ?? []).some((except) => cidrContains(except, address)));
}

/**
 * NetworkPolicy's egress semantics for a pod with these labels, for a TCP connection to an address outside the
 * cluster: allowed when no policy with Egress selects the pod (no isolation), else when any rule of a policy
 * that selects it allows the address and the port.
 */
export function egressAllowed(policies: Manifest[], podLabels: Record<string, string>, address: string, port: number): boolean {
  const isolating = policies
    .map((policy) => policy.spec as NetworkPolicySpec)
    .filter((spec) => selects(spec.podSelector, podLabels))
    .filter((spec) => (spec.policyTypes ?? (spec.egress ? ['Ingress', 'Egress'] : ['Ingress'])).includes('Egress'));
  if (isolating.length === 0) return true;
  return isolating.some((spec) => (spec.egress ?? []).some((rule) => portAllowed(rule.ports, port) && peerAllows(rule.to, address)));
}

/** The source folder of the app a Deployment runs (services/<name>/src, or <name>/src for the gateway). */
export function appSourceDir(name: string): string {
  const candidates = [join(REPO_ROOT, 'services', name, 'src'), join(REPO_ROOT, name, 'src')];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`no source folder for the Deployment ${name} (looked in ${candidates.join(', ')})`);
  return found;
}

/** Whether an app's own code (tests left out) reads an environment variable of this name. */
export function appReads(sourceDir: string, variable: string): boolean {
  const word = new RegExp(`\\b${variable}\\b`);
  const visit = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return visit(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && word.test(readFileSync(path, 'utf8'));
    });
  return visit(sourceDir);
}

const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];

/** A patch's target, as kustomize matches it: kind and name (a regular expression, anchored), either may be absent. */
interface PatchTarget {
  kind?: string | undefined;
  name?: string | undefined;
}

interface Kustomization {
  resources?: string[];
  components?: string[];
  patches?: { path?: string; patch?: string; target?: PatchTarget }[];
  patchesStrategicMerge?: string[];
  patchesJson6902?: { path?: string; patch?: string; target?: PatchTarget }[];
}

/** Every folder under `dir` (tests and node_modules left out) that holds a kustomization file. */
export function kustomizationDirs(dir: string = K8S_DIR): string[] {
  const found = KUSTOMIZATION_FILES.some((name) => existsSync(join(dir, name))) ? [dir] : [];
  const below = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'test' && entry.name !== 'node_modules')
    .flatMap((entry) => kustomizationDirs(join(dir, entry.name)));
  return [...found, ...below];
}

function readKustomization(dir: string): Kustomization {
  const file = KUSTOMIZATION_FILES.map((name) => join(dir, name)).find((path) => existsSync(path));
  if (!file) throw new Error(`${dir}: no kustomization file`);
  return (parse(readFileSync(file, 'utf8')) ?? {}) as Kustomization;
}

/** A remote base (`github.com/…`, `https://…`): not checkable offline, and left to `kustomize build`. */
const isRemote = (entry: string) => /^[a-z]+:\/\/|^(github\.com|gitlab\.com|bitbucket\.org)\//.test(entry);

/** The kind and name of every object a kustomization's resources give, its bases' included (names before any prefix). */
function objectsOf(dir: string, seen: Set<string> = new Set()): { kind: string; name: string }[] {
  if (seen.has(dir)) throw new Error(`${dir}: a kustomization that includes itself`);
  seen.add(dir);
  return (readKustomization(dir).resources ?? [])
    .filter((entry) => !isRemote(entry))
    .map((entry) => join(dir, entry))
    .filter((path) => existsSync(path))
    .flatMap((path) =>
      statSync(path).isDirectory()
        ? objectsOf(path, new Set(seen))
        : parseAllDocuments(readFileSync(path, 'utf8'))
            .map((document) => document.toJS() as { kind?: string; metadata?: { name?: string } } | null)
            .filter((object) => object?.kind && object.metadata?.name)
            .map((object) => ({ kind: object!.kind!, name: object!.metadata!.name! })),
    );
}

function targetFound(objects: { kind: string; name: string }[], target: PatchTarget): boolean {
  const name = target.name === undefined ? undefined : new RegExp(`^(?:${target.name})$`);
  return objects.some((object) => (target.kind === undefined || object.kind === target.kind) && (name === undefined || name.test(object.name)));
}

/**
 * What makes `kustomize build` fail in practice, checked without kustomize: a `resources` or `components` entry that
 * names no file or folder (a folder must hold a kustomization), a patch file that does not exist, and a patch whose
 * target (its `target`, or the kind and name inside a strategic-merge patch) is no object of the resources, the
 * bases' included. Remote bases are not followed. Returns one line per problem, relative to `root`.
 */
export function kustomizationProblems(root: string = K8S_DIR): string[] {
  return kustomizationDirs(root).flatMap((dir) => {
    const where = relative(root, dir) || '.';
    const kustomization = readKustomization(dir);
    const problems: string[] = [];
    for (const entry of [...(kustomization.resources ?? []), ...(kustomization.components ?? [])]) {
      if (isRemote(entry)) continue;
      const path = join(dir, entry);
      if (!existsSync(path)) problems.push(`${where}: ${entry} does not exist`);
      else if (statSync(path).isDirectory() && !KUSTOMIZATION_FILES.some((name) => existsSync(join(path, name)))) {
        problems.push(`${where}: ${entry} is a folder without a kustomization`);
      }
    }
    const objects = objectsOf(dir);
    const patchFile = (file: string): { kind?: string; metadata?: { name?: string } } | undefined => {
      if (existsSync(join(dir, file))) return parse(readFileSync(join(dir, file), 'utf8')) as { kind?: string; metadata?: { name?: string } };
      problems.push(`${where}: patch ${file} does not exist`);
      return undefined;
    };
    const checkTarget = (what: string, target: PatchTarget) => {
      if (!targetFound(objects, target)) problems.push(`${where}: ${what} targets ${target.kind ?? '*'}/${target.name ?? '*'}, which no resource defines`);
    };
    for (const patch of [...(kustomization.patches ?? []), ...(kustomization.patchesJson6902 ?? [])]) {
      const what = patch.path ? `patch ${patch.path}` : 'an inline patch';
      const body: unknown = patch.path ? patchFile(patch.path) : patch.patch ? parse(patch.patch) : undefined;
      if (patch.target) checkTarget(what, patch.target);
      // Without a target, a strategic-merge patch names its object itself (a JSON 6902 list cannot).
      else if (body && !Array.isArray(body) && typeof body === 'object') {
        const object = body as { kind?: string; metadata?: { name?: string } };
        checkTarget(what, { kind: object.kind, name: object.metadata?.name });
      }
    }
    for (const file of kustomization.patchesStrategicMerge ?? []) {
      const object = patchFile(file);
      if (object) checkTarget(`patch ${file}`, { kind: object.kind, name: object.metadata?.name });
    }
    return problems;
  });
}
