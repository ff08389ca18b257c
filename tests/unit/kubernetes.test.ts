/**
 * deploy/kubernetes, rendered as an operator renders it (`kubectl kustomize deploy/kubernetes/overlays/<name>`) and
 * every object checked against Kubernetes' own schemas (kubernetes-models): the BFFs and the backends probe the real
 * endpoints, drain within their grace period, have the measured memory, run as non-root on a read-only root, share no
 * volume, get every variable the README says to set (secrets only by reference to the operator's Secret), and have a
 * PodDisruptionBudget and a HorizontalPodAutoscaler each; the PSP simulator is development's only.
 * Without kubectl the renders are skipped, except in CI (CI=true), which installs it and where they must run.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadAll } from 'js-yaml';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import type { IContainer, IEnvVar, IPodSpec } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';

const ROOT = 'deploy/kubernetes';
const OVERLAYS = ['dev', 'production'] as const;
const SECRET = 'manmatch-secrets';

/** The schema of each kind the manifests may hold; any other kind fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
};

/**
 * What each process must be given when the BFFs and the backends run apart: the README's "Running several instances"
 * (`What to set`), the payment provider's three variables and the bucket's (README, Configuration and Object storage).
 */
const REQUIRED = {
  bff: ['PORT', 'BACKEND_URL', 'BACKEND_SECRET', 'PUBLIC_URL', 'TRUST_PROXY'],
  backend: [
    'HOST',
    'PORT',
    'DATA_DIR',
    'DATABASE_URL',
    'BACKEND_SECRET',
    'PUBLIC_URL',
    'SMTP_URL',
    'PSP_URL',
    'PSP_API_KEY',
    'PSP_WEBHOOK_SECRET',
    'PAYMENT_WEBHOOK_URL',
    'S3_BUCKET',
    'AWS_REGION',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
  ],
} as const;
/** Values that are secrets: only ever a secretKeyRef to the operator's Secret. */
const SECRET_VARIABLES = [
  'DATABASE_URL',
  'BACKEND_SECRET',
  'SMTP_URL',
  'PSP_API_KEY',
  'PSP_WEBHOOK_SECRET',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'OPERATOR_TOKEN',
];
/** Resident memory measured under load (docs/benchmarks.md, bench:memory and bench:ssr), MiB. */
const MEASURED_MIB = { bff: 217, backend: 374 };
/** The processes' own bound on a drain after SIGTERM, seconds (docs/operations.md, "Shutdown"). */
const DRAIN_SECONDS = 10;

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

const kubectl = spawnSync('kubectl', ['kustomize', '--help'], { encoding: 'utf8' });
const hasKubectl = kubectl.status === 0;
const inCI = process.env.CI === 'true';

function render(overlay: string): K8sObject[] {
  const run = spawnSync('kubectl', ['kustomize', path.join(ROOT, 'overlays', overlay)], { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (run.status !== 0) throw new Error(`kubectl kustomize ${overlay} failed: ${run.stderr || run.error?.message}`);
  return loadAll(run.stdout).filter(Boolean) as K8sObject[];
}

const find = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const podSpecOf = (deployment: K8sObject) => (deployment.spec as { template: { spec: IPodSpec } }).template.spec;
const containerOf = (deployment: K8sObject) => podSpecOf(deployment).containers[0] as IContainer;

/** Mebibytes of a Kubernetes memory quantity (Mi, Gi). */
function mebibytes(quantity: string | number | undefined): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(String(quantity));
  if (!match) throw new Error(`memory quantity ${String(quantity)} is not in Mi or Gi`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}

/** Every manifest file under deploy/kubernetes. */
function manifestFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? manifestFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe('deploy/kubernetes: the files', () => {
  it('When the manifests are read, then none is a Secret and no secret variable has a value of its own', () => {
    for (const file of manifestFiles()) {
      const documents = loadAll(readFileSync(file, 'utf8')).filter(Boolean) as K8sObject[];
      for (const doc of documents) {
        expect(doc.kind, file).not.toBe('Secret');
        expect(
          Object.keys(doc.data ?? {}).filter((key) => SECRET_VARIABLES.includes(key)),
          file,
        ).toEqual([]);
      }
      const text = readFileSync(file, 'utf8');
      for (const name of SECRET_VARIABLES) {
        // A variable of that name is followed by valueFrom, never by value.
        expect(text, `${file}: ${name}`).not.toMatch(new RegExp(`- name: ${name}\\n\\s+value:`));
      }
    }
  });

  it('When the README names what to set, then it names every variable the Deployments are checked for', () => {
    const readme = readFileSync('README.md', 'utf8');
    const names = [...new Set([...REQUIRED.bff, ...REQUIRED.backend]), SECRET];
    expect(names.filter((name) => !readme.includes(`\`${name}`))).toEqual([]);
  });

  it('When CI runs, then kubectl is there to render the overlays', () => {
    if (inCI) expect(hasKubectl, 'kubectl is missing: .ci/run installs kubernetes-client').toBe(true);
  });
});

describe.each(OVERLAYS)('deploy/kubernetes/overlays/%s rendered', (overlay) => {
  const objects = hasKubectl || inCI ? render(overlay) : [];
  /** A test of the render: skipped with its reason where kubectl is missing, except in CI, where it then fails. */
  const testOrSkip = (name: string, body: () => void) =>
    it(name, (context) => {
      if (!hasKubectl && !inCI) context.skip('kubectl is missing: apt-get install kubernetes-client to render the overlays');
      body();
    });
  const deployment = (name: string) => {
    const found = find(objects, 'Deployment', name);
    if (!found) throw new Error(`no Deployment ${name} in ${overlay}`);
    return found;
  };
  const config = () => find(objects, 'ConfigMap', 'manmatch-config')?.data ?? {};

  testOrSkip('When rendered, then every object is valid against its Kubernetes schema', () => {
    expect(objects.length).toBeGreaterThan(0);
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `${object.apiVersion} ${object.kind} ${object.metadata.name}`).toBeDefined();
      expect(
        () => new (Model as NonNullable<typeof Model>)(object as never).validate(),
        `${object.kind} ${object.metadata.name}`,
      ).not.toThrow();
    }
  });

  testOrSkip('When rendered, then it holds no PersistentVolumeClaim and every pod volume is its own emptyDir (nothing shared)', () => {
    expect(objects.map((o) => o.kind)).not.toContain('PersistentVolumeClaim');
    for (const d of objects.filter((o) => o.kind === 'Deployment')) {
      for (const volume of podSpecOf(d).volumes ?? []) {
        expect(Object.keys(volume).sort(), `${d.metadata.name}: ${volume.name}`).toEqual(['emptyDir', 'name']);
      }
    }
  });

  testOrSkip(
    'When the BFF and the backend start, then every variable they need is set, secrets by reference to the operator Secret',
    () => {
      const data = config();
      for (const [name, required] of Object.entries(REQUIRED)) {
        const env = new Map((containerOf(deployment(name)).env ?? []).map((e: IEnvVar) => [e.name, e]));
        expect(containerOf(deployment(name)).envFrom, name).toBeUndefined();
        for (const variable of required) {
          const entry = env.get(variable);
          expect(entry, `${name}: ${variable}`).toBeDefined();
          const secretRef = entry?.valueFrom?.secretKeyRef;
          const configRef = entry?.valueFrom?.configMapKeyRef;
          if (SECRET_VARIABLES.includes(variable)) {
            expect(secretRef?.name, `${name}: ${variable}`).toBe(SECRET);
            expect(secretRef?.key, `${name}: ${variable}`).toBe(variable);
            if (!(overlay === 'dev' && variable === 'SMTP_URL')) expect(secretRef?.optional, `${name}: ${variable}`).not.toBe(true);
          } else if (configRef) {
            expect(configRef.name, `${name}: ${variable}`).toBe('manmatch-config');
            expect(data[configRef.key], `${name}: ${variable}`).toMatch(/\S/);
          } else {
            expect(entry?.value, `${name}: ${variable}`).toMatch(/\S/);
          }
        }
        for (const entry of env.values()) {
          if (SECRET_VARIABLES.includes(entry.name)) expect(entry.valueFrom?.secretKeyRef?.name, `${name}: ${entry.name}`).toBe(SECRET);
        }
      }
      expect(env(deployment('bff')).get('BACKEND_URL')?.value).toBe('http://backend:3001');
      expect(env(deployment('backend')).get('HOST')?.value).toBe('0.0.0.0');
      expect(objects.map((o) => o.kind)).not.toContain('Secret');
    },
  );

  testOrSkip(
    'When a pod runs, then it probes /healthz and /readyz, drains within its grace period, has the measured memory and runs as non-root on a read-only root',
    () => {
      for (const [name, measured] of Object.entries(MEASURED_MIB)) {
        const d = deployment(name);
        const pod = podSpecOf(d);
        const container = containerOf(d);
        const port = container.ports?.[0];
        expect(port?.name, name).toBe('http');
        expect(container.livenessProbe?.httpGet, name).toMatchObject({ path: '/healthz', port: 'http' });
        expect(container.readinessProbe?.httpGet, name).toMatchObject({ path: '/readyz', port: 'http' });
        const preStop = Number(container.lifecycle?.preStop?.exec?.command?.at(-1) ?? 0);
        expect(pod.terminationGracePeriodSeconds, name).toBeGreaterThan(preStop + DRAIN_SECONDS);
        const { requests, limits } = container.resources ?? {};
        expect(requests?.cpu, name).toBeDefined();
        expect(mebibytes(requests?.memory), name).toBeGreaterThanOrEqual(measured);
        expect(mebibytes(limits?.memory), name).toBeGreaterThan(mebibytes(requests?.memory));
        expect(pod.securityContext?.runAsNonRoot, name).toBe(true);
        expect(pod.securityContext?.runAsUser, name).toBeGreaterThan(0);
        expect(container.securityContext, name).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
        // A read-only root: what the process writes (DATA_DIR, /tmp) is a mounted volume.
        const mounted = (container.volumeMounts ?? []).map((m) => m.mountPath);
        expect(mounted, name).toContain('/tmp');
        const dataDir = env(d).get('DATA_DIR')?.value;
        if (dataDir) expect(mounted, name).toContain(dataDir);
        expect(container.command, name).toEqual(['node', `dist/server/${name}.js`]);
      }
    },
  );

  testOrSkip(
    'When rendered, then each of the BFF and the backend has a Service, a PodDisruptionBudget and a CPU HorizontalPodAutoscaler',
    () => {
      for (const name of ['bff', 'backend']) {
        const d = deployment(name);
        const labels = (d.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;
        const matches = (selector: Record<string, string> | undefined) =>
          Object.keys(selector ?? {}).length > 0 && Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);
        const service = find(objects, 'Service', name)?.spec as { selector: Record<string, string>; ports: { targetPort: string }[] };
        expect(matches(service.selector), name).toBe(true);
        expect(service.ports[0]?.targetPort, name).toBe('http');
        const pdb = find(objects, 'PodDisruptionBudget', name)?.spec as {
          minAvailable: number;
          selector: { matchLabels: Record<string, string> };
        };
        expect(matches(pdb.selector.matchLabels), name).toBe(true);
        expect(pdb.minAvailable, name).toBeGreaterThanOrEqual(1);
        const replicas = (d.spec as { replicas: number }).replicas;
        expect(pdb.minAvailable, name).toBeLessThan(replicas);
        const hpa = find(objects, 'HorizontalPodAutoscaler', name);
        expect(hpa?.apiVersion, name).toBe('autoscaling/v2');
        const spec = hpa?.spec as {
          scaleTargetRef: { kind: string; name: string };
          minReplicas: number;
          metrics: { resource?: { name: string } }[];
        };
        expect(spec.scaleTargetRef, name).toMatchObject({ kind: 'Deployment', name });
        expect(spec.minReplicas, name).toBe(replicas);
        expect(
          spec.metrics.map((m) => m.resource?.name),
          name,
        ).toEqual(['cpu']);
        expect(overlay === 'production' ? replicas >= 3 : replicas === 2, `${name}: ${replicas} replicas`).toBe(true);
      }
    },
  );

  testOrSkip('When a visitor or the payment provider calls, then the Ingress sends pages to the BFF and webhooks to the backend', () => {
    const ingress = find(objects, 'Ingress', 'manmatch');
    expect(ingress?.apiVersion).toBe('networking.k8s.io/v1');
    const rules = (ingress?.spec as { rules: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[] }).rules;
    const routes = Object.fromEntries(rules.flatMap((r) => r.http.paths).map((p) => [p.path, p.backend.service.name]));
    expect(routes).toEqual({ '/': 'bff', '/webhooks/psp': 'backend' });
  });

  testOrSkip(
    'When rendered, then the PSP simulator runs in dev only and the backend is pointed at it there, at a real provider elsewhere',
    () => {
      const simulator = find(objects, 'Deployment', 'psp-simulator');
      const pspUrl = config().PSP_URL;
      if (overlay === 'dev') {
        expect(simulator).toBeDefined();
        expect(find(objects, 'Service', 'psp-simulator')).toBeDefined();
        expect(pspUrl).toBe('http://psp-simulator:4000');
        expect(config().PAYMENT_WEBHOOK_URL).toBe('http://backend:3001/webhooks/psp');
        expect(containerOf(simulator as K8sObject).command).toEqual(['node', 'dist/server/psp-simulator.js']);
      } else {
        expect(objects.filter((o) => o.metadata.name.includes('psp'))).toEqual([]);
        expect(pspUrl).toMatch(/^https:\/\//);
        expect(config().PAYMENT_WEBHOOK_URL).toBe(`${config().PUBLIC_URL}/webhooks/psp`);
      }
    },
  );
});

function env(deployment: K8sObject): Map<string, IEnvVar> {
  return new Map((containerOf(deployment).env ?? []).map((e) => [e.name, e]));
}
