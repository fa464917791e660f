import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { userNameOf } from '../../redis/service-users.mjs';
import { appReads, appSourceDir, egressAllowed, K8S_DIR, kustomizationProblems, manifestFiles, readManifests, REPO_ROOT, selects, type Manifest } from './manifests.js';

/**
 * The Kubernetes version the manifests are checked against (docs/running.md, "Kubernetes"): kubernetes-models
 * 5.1.0 carries the OpenAPI schemas of v1.36.0, merged with APIs that older releases removed; the allowed
 * apiVersions below keep those removed ones out.
 */
const KUBERNETES_VERSION = '1.36';
const STABLE_API_VERSIONS = new Set(['v1', 'apps/v1', 'batch/v1', 'networking.k8s.io/v1', 'policy/v1', 'autoscaling/v2', 'rbac.authorization.k8s.io/v1']);

/** In the folder for its shape only: kustomization.yaml leaves it out, the real Secret is made out of band. */
const NOT_APPLIED = new Set(['secret.example.yaml', 'kustomization.yaml']);

/**
 * Variables whose presence means an app calls a host outside the cluster, and where that host is (from the
 * variable's value in config.yaml or secret.example.yaml, or the API a key is for). An app "calls" it when its
 * Deployment gives it the variable and its code reads it.
 */
const OUTSIDE_CALLS: Record<string, (value: string) => string> = {
  // The Stripe SDK's API host.
  STRIPE_SECRET_KEY: () => 'https://api.stripe.com',
  OIDC_ISSUER_URL: (value) => value,
  SMTP_URL: (value) => value,
};
const DEFAULT_PORTS: Record<string, number> = { 'https:': 443, 'http:': 80, 'smtps:': 465, 'smtp:': 587 };

/**
 * Outside hosts (Stripe, an OpenID Provider, an SMTP service) have no address known in advance and change it at
 * will, so a rule must let any public address through; these stand for "anywhere on the internet".
 */
const PUBLIC_ADDRESSES = ['3.18.12.63', '34.117.59.81', '52.95.110.1', '104.18.32.7', '151.101.65.140', '185.199.108.153', '216.58.204.78'];

/**
 * `kubectl kustomize` (kustomize built into kubectl), when this machine has kubectl: the real build is then run too.
 * Neither kubectl nor kustomize comes from the npm registry or Debian's bookworm packages in a usable version, so
 * CI may lack it; the structural check (kustomizationProblems) runs everywhere.
 */
function kubectlKustomize(): ((dir: string) => string) | undefined {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore', timeout: 10_000 });
  } catch {
    return undefined;
  }
  return (dir) => execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', timeout: 60_000 });
}
const kustomize = kubectlKustomize();

const manifests = readManifests();
const ofKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);

interface Container {
  name: string;
  image: string;
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; configMapKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: { containers: Container[] };
}

function dataOf(kind: 'ConfigMap' | 'Secret', name: string): Record<string, string> {
  const found = ofKind(kind).find((manifest) => manifest.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in infra/k8s`);
  return (kind === 'ConfigMap' ? found.data : found.stringData) as Record<string, string>;
}

/** Each variable a container gets, with the value the example configuration gives it. */
function environmentOf(container: Container): Map<string, string> {
  const environment = new Map<string, string>();
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) for (const [key, value] of Object.entries(dataOf('ConfigMap', source.configMapRef.name))) environment.set(key, value);
    if (source.secretRef) for (const [key, value] of Object.entries(dataOf('Secret', source.secretRef.name))) environment.set(key, value);
  }
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef;
    const configMap = variable.valueFrom?.configMapKeyRef;
    const value = secret ? dataOf('Secret', secret.name)[secret.key] : configMap ? dataOf('ConfigMap', configMap.name)[configMap.key] : variable.value;
    environment.set(variable.name, value ?? '');
  }
  return environment;
}

interface OutsideCall {
  deployment: string;
  variable: string;
  url: URL;
  port: number;
  podLabels: Record<string, string>;
}

/** Every (Deployment, outside host) pair the manifests and the apps' code imply. */
function outsideCalls(): OutsideCall[] {
  return ofKind('Deployment').flatMap((deployment) => {
    const template = (deployment.spec as { template: PodTemplate }).template;
    const sourceDir = appSourceDir(deployment.metadata.name);
    return template.spec.containers.flatMap((container) =>
      [...environmentOf(container)]
        .filter(([variable]) => variable in OUTSIDE_CALLS && appReads(sourceDir, variable))
        .map(([variable, value]) => {
          const url = new URL(OUTSIDE_CALLS[variable]!(value));
          const port = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol];
          if (port === undefined) throw new Error(`${variable}: no default port for ${url.protocol}`);
          return { deployment: deployment.metadata.name, variable, url, port, podLabels: template.metadata.labels };
        }),
    );
  });
}

/** The model class of kubernetes-models for an object (`kubernetes-models/apps/v1/Deployment`). */
async function modelOf(manifest: Manifest): Promise<{ new (data: unknown): { validate(): void } }> {
  const module = (await import(/* @vite-ignore */ `kubernetes-models/${manifest.apiVersion}/${manifest.kind}`)) as Record<string, { new (data: unknown): { validate(): void } }>;
  const model = module[manifest.kind];
  if (!model) throw new Error(`${manifest.file}: kubernetes-models has no ${manifest.apiVersion} ${manifest.kind}`);
  return model;
}

describe('infra/k8s manifests', () => {
  const applied = manifests.filter((manifest) => manifest.kind !== 'Kustomization');

  it(`are valid objects of Kubernetes ${KUBERNETES_VERSION}, every one of them`, async () => {
    expect(applied.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const manifest of applied) {
      const where = `${manifest.file} ${manifest.kind}/${manifest.metadata?.name}`;
      if (!STABLE_API_VERSIONS.has(manifest.apiVersion)) {
        problems.push(`${where}: apiVersion ${manifest.apiVersion} is not one served by Kubernetes ${KUBERNETES_VERSION} as stable`);
        continue;
      }
      const { file: _file, ...object } = manifest;
      try {
        new (await modelOf(manifest))(object).validate();
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('kustomization.yaml applies every manifest of the folder but the Secret example, and names every image', () => {
    const [kustomization] = ofKind('Kustomization');
    const { resources, images } = kustomization as unknown as { resources: string[]; images: { name: string }[] };
    expect([...resources].sort()).toEqual(manifestFiles().filter((file) => !NOT_APPLIED.has(file)));
    const deploymentImages = ofKind('Deployment').flatMap((deployment) => (deployment.spec as { template: PodTemplate }).template.spec.containers.map((container) => container.image));
    expect(images.map((image) => image.name).sort()).toEqual([...new Set(deploymentImages)].sort());
  });

  it('the production overlay (infra/overlays/production) pins every Deployment image by digest', () => {
    const overlayDir = join(REPO_ROOT, 'infra/overlays/production');
    const overlay = parse(readFileSync(join(overlayDir, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
      images: { name: string; newName?: string; newTag?: string; digest?: string }[];
    };
    expect(overlay.resources).toEqual(['../../k8s']);
    // The base renames every image to the registry; the overlay pins those names.
    const [base] = ofKind('Kustomization');
    const baseImages = (base as unknown as { images: { newName: string }[] }).images.map((image) => image.newName).sort();
    expect(overlay.images.map((image) => image.name).sort()).toEqual(baseImages);
    const unpinned = overlay.images.filter((image) => !/^sha256:[0-9a-f]{64}$/.test(image.digest ?? '') || image.newTag !== undefined);
    expect(unpinned).toEqual([]);
    expect(kustomizationProblems(overlayDir)).toEqual([]);
    if (kustomize) {
      const built = parseAllDocuments(kustomize(overlayDir)).map((document) => document.toJS() as Manifest);
      const images = built
        .filter((object) => object.kind === 'Deployment')
        .flatMap((deployment) => (deployment.spec as { template: PodTemplate }).template.spec.containers.map((container) => container.image));
      expect(images).toHaveLength(7);
      for (const image of images) expect(image).toMatch(/^registry\.example\.com\/hunted\/[a-z]+@sha256:[0-9a-f]{64}$/);
    }
  });

  it('mounts no service-account token into any pod (automountServiceAccountToken: false)', () => {
    const pods = applied.flatMap((manifest) => {
      const spec = manifest.spec as { template?: { spec?: Record<string, unknown> }; jobTemplate?: { spec: { template: { spec: Record<string, unknown> } } } } | undefined;
      const podSpec = manifest.kind === 'Pod' ? (manifest.spec as Record<string, unknown>) : (spec?.template?.spec ?? spec?.jobTemplate?.spec.template.spec);
      return podSpec ? [{ name: `${manifest.kind}/${manifest.metadata.name}`, podSpec }] : [];
    });
    expect(pods.length).toBe(7);
    expect(pods.filter(({ podSpec }) => podSpec.automountServiceAccountToken !== false).map(({ name }) => name)).toEqual([]);
  });

  it('kustomization files name resources and patches that exist, and patch only objects their resources define', () => {
    expect(kustomizationProblems()).toEqual([]);
  });

  it('the kustomization check finds a missing resource, a missing patch and a patch of an object the base lacks', () => {
    const root = mkdtempSync(join(tmpdir(), 'kustomize-check-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(join(root, file, '..'), { recursive: true });
        writeFileSync(join(root, file), text);
      };
      write('base/kustomization.yaml', 'resources: [app.yaml, gone.yaml]\n');
      write('base/app.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: app }\n---\napiVersion: v1\nkind: Service\nmetadata: { name: app }\n');
      write(
        'overlays/prod/kustomization.yaml',
        [
          'resources: [../../base, ../missing]',
          'patches:',
          '  - { path: replicas.yaml, target: { kind: Deployment, name: app } }',
          '  - { path: memory.yaml }',
          '  - { path: absent.yaml, target: { kind: Deployment, name: app } }',
          '  - { patch: "[{op: replace, path: /spec/replicas, value: 3}]", target: { kind: Deployment, name: worker } }',
          'patchesStrategicMerge: [service.yaml]',
          '',
        ].join('\n'),
      );
      write('overlays/prod/replicas.yaml', '- { op: replace, path: /spec/replicas, value: 3 }\n');
      write('overlays/prod/memory.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: api }\n');
      write('overlays/prod/service.yaml', 'apiVersion: v1\nkind: Service\nmetadata: { name: app }\n');
      expect(kustomizationProblems(root).sort()).toEqual(
        [
          'base: gone.yaml does not exist',
          'overlays/prod: ../missing does not exist',
          'overlays/prod: patch memory.yaml targets Deployment/api, which no resource defines',
          'overlays/prod: patch absent.yaml does not exist',
          'overlays/prod: an inline patch targets Deployment/worker, which no resource defines',
        ].sort(),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it.skipIf(!kustomize)('kustomize builds (kubectl kustomize): every object, in the hunted namespace, images from the registry', () => {
    const built = parseAllDocuments(kustomize!(K8S_DIR)).map((document) => document.toJS() as Manifest & { metadata: { namespace?: string } });
    const key = (object: { kind: string; metadata: { name: string } }) => `${object.kind}/${object.metadata.name}`;
    expect(built.map(key).sort()).toEqual(applied.filter((manifest) => !NOT_APPLIED.has(manifest.file)).map(key).sort());
    for (const object of built) if (object.kind !== 'Namespace') expect(object.metadata.namespace, key(object)).toBe('hunted');
    const images = built
      .filter((object) => object.kind === 'Deployment')
      .flatMap((deployment) => (deployment.spec as { template: PodTemplate }).template.spec.containers.map((container) => container.image));
    for (const image of images) expect(image).toMatch(/^registry\.example\.com\/hunted\/[a-z]+:latest$/);
  });

  it('gives every app its OTEL_SERVICE_NAME and the collector endpoint, empty (tracing off) unless set, in k8s and in compose', () => {
    const deployments = ofKind('Deployment');
    expect(deployments.length).toBe(7);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const template = (deployment.spec as { template: PodTemplate }).template;
      const environment = environmentOf(template.spec.containers[0]!);
      expect(environment.get('OTEL_SERVICE_NAME'), name).toBe(name);
      // Present and empty: the platform's startTracing takes an empty endpoint for none (tracing.spec.ts).
      expect(environment.get('OTEL_EXPORTER_OTLP_ENDPOINT'), name).toBe('');
      // Once an operator sets it, the collector must be reachable (OTLP/HTTP, port 4318) through the default deny.
      const collector = ofKind('NetworkPolicy').some((policy) => {
        const spec = policy.spec as { podSelector: Parameters<typeof selects>[0]; egress?: { to?: { namespaceSelector?: Parameters<typeof selects>[0] }[]; ports?: { port?: number }[] }[] };
        return (
          selects(spec.podSelector, template.metadata.labels) &&
          (spec.egress ?? []).some(
            (rule) =>
              (rule.to ?? []).some((peer) => peer.namespaceSelector && selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': 'observability' })) &&
              (rule.ports ?? []).some((port) => port.port === 4318),
          )
        );
      });
      expect(collector, `${name} may reach the collector`).toBe(true);
    }

    const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { build?: { args?: { APP_DIR?: string } }; environment?: Record<string, string> }>;
    };
    const apps = Object.values(compose.services).filter((service) => /^(services\/|gateway$)/.test(service.build?.args?.APP_DIR ?? ''));
    expect(apps.length).toBeGreaterThanOrEqual(7);
    for (const service of apps) {
      const app = service.build!.args!.APP_DIR!.replace('services/', '');
      expect(service.environment?.OTEL_SERVICE_NAME, app).toBe(app);
      expect(service.environment?.OTEL_EXPORTER_OTLP_ENDPOINT, app).toBe('${OTEL_EXPORTER_OTLP_ENDPOINT:-}');
    }
  });

  it('every app that calls a host outside the cluster (Stripe, OpenID, SMTP) has an egress rule to it', () => {
    const calls = outsideCalls();
    // The derivation itself must find every kind of outside call, or this test would pass on nothing.
    expect(new Set(calls.map((call) => call.variable))).toEqual(new Set(Object.keys(OUTSIDE_CALLS)));
    const policies = ofKind('NetworkPolicy');
    const missing = calls.flatMap((call) =>
      PUBLIC_ADDRESSES.filter((address) => !egressAllowed(policies, call.podLabels, address, call.port)).map(
        (address) => `${call.deployment} (${call.variable}: ${call.url.host}) cannot reach ${address}:${call.port}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('no app reaches the cluster-internal ranges through its internet rule (private ranges excluded)', () => {
    const policies = ofKind('NetworkPolicy');
    for (const call of outsideCalls()) {
      // 10.10.0.0/24 and 10.10.1.0/24 are the managed PostgreSQL and Redis, allowed on their own ports only.
      for (const address of ['10.0.0.10', '172.16.5.5', '192.168.1.1', '169.254.169.254']) {
        expect(egressAllowed(policies, call.podLabels, address, call.port), `${call.deployment} -> ${address}:${call.port}`).toBe(false);
      }
    }
  });

  it("connects every app to Redis as its own user (infra/redis/service-users.mjs), in k8s and in compose", () => {
    const k8s = ofKind('Deployment').map((deployment) => {
      const [container] = (deployment.spec as { template: PodTemplate }).template.spec.containers;
      return [deployment.metadata.name, new URL(environmentOf(container!).get('REDIS_URL') ?? 'redis://none').username];
    });
    expect(k8s.length).toBe(7);
    for (const [app, user] of k8s) expect(user, app).toBe(userNameOf(app!));

    const compose = parse(readFileSync(join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, { build?: { args?: { APP_DIR?: string } }; environment?: Record<string, string> }> };
    const apps = Object.values(compose.services).filter((service) => /^(services\/|gateway$)/.test(service.build?.args?.APP_DIR ?? ''));
    expect(apps.length).toBeGreaterThanOrEqual(7);
    for (const service of apps) {
      const app = service.build!.args!.APP_DIR!.replace('services/', '');
      expect(service.environment?.REDIS_URL, app).toMatch(new RegExp(`^redis://${userNameOf(app)}:`));
    }
  });

  it('gives every Deployment probes, resource requests and a memory limit, a PodDisruptionBudget and its metrics port', () => {
    const budgets = ofKind('PodDisruptionBudget');
    const problems: string[] = [];
    for (const deployment of ofKind('Deployment')) {
      const name = deployment.metadata.name;
      const template = (deployment.spec as { template: PodTemplate & { metadata: { annotations?: Record<string, string> } } }).template;
      for (const container of template.spec.containers as (Container & Record<string, unknown>)[]) {
        const resources = container.resources as { requests?: Record<string, string>; limits?: Record<string, string> } | undefined;
        if (!container.readinessProbe) problems.push(`${name}: no readinessProbe`);
        if (!container.livenessProbe) problems.push(`${name}: no livenessProbe`);
        if (!resources?.requests?.cpu || !resources.requests.memory) problems.push(`${name}: no cpu and memory requests`);
        if (!resources?.limits?.memory) problems.push(`${name}: no memory limit`);
      }
      const budget = budgets.find((pdb) => selects((pdb.spec as { selector: { matchLabels: Record<string, string> } }).selector, template.metadata.labels));
      if (!budget) problems.push(`${name}: no PodDisruptionBudget selects its pods`);
      if (template.metadata.annotations?.['prometheus.io/scrape'] !== 'true') problems.push(`${name}: not marked for scraping`);
    }
    expect(problems).toEqual([]);
  });

  it('autoscales bookings, messaging and the gateway from 2 replicas, and leaves their replica count to the autoscaler', () => {
    const autoscalers = ofKind('HorizontalPodAutoscaler');
    const deployments = new Map(ofKind('Deployment').map((deployment) => [deployment.metadata.name, deployment]));
    const scaled = autoscalers.map((hpa) => {
      const spec = hpa.spec as {
        scaleTargetRef: { kind: string; name: string };
        minReplicas: number;
        maxReplicas: number;
        metrics: { type: string; resource?: { name: string } }[];
      };
      expect(spec.scaleTargetRef.kind, hpa.metadata.name).toBe('Deployment');
      const target = deployments.get(spec.scaleTargetRef.name);
      expect(target, `${hpa.metadata.name} scales a Deployment that exists`).toBeDefined();
      // A `replicas` in the Deployment would be set back at every apply, fighting the autoscaler.
      expect((target!.spec as { replicas?: number }).replicas, `${spec.scaleTargetRef.name} states no replicas`).toBeUndefined();
      expect(spec.minReplicas, hpa.metadata.name).toBeGreaterThanOrEqual(2);
      expect(spec.maxReplicas, hpa.metadata.name).toBeGreaterThan(spec.minReplicas);
      expect(spec.metrics.map((metric) => metric.resource?.name).sort(), hpa.metadata.name).toEqual(['cpu', 'memory']);
      return spec.scaleTargetRef.name;
    });
    expect(scaled.sort()).toEqual(['bookings', 'gateway', 'messaging']);
    // The others run a fixed 2, so a node drain or a crash always leaves one serving.
    for (const [name, deployment] of deployments) {
      if (!scaled.includes(name)) expect((deployment.spec as { replicas?: number }).replicas, name).toBe(2);
    }
  });
});
