import 'reflect-metadata';
import { Logger, RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { PAGE_PATHS } from '@hunted/contracts';
import { AppModule as BookingsModule } from '../../services/bookings/dist/app.module.js';
import { AppModule as BrandsModule } from '../../services/brands/dist/app.module.js';
import { AppModule as HuntersModule } from '../../services/hunters/dist/app.module.js';
import { AppModule as IdentityModule } from '../../services/identity/dist/app.module.js';
import { AppModule as MessagingModule } from '../../services/messaging/dist/app.module.js';
import { AppModule as ReviewsModule } from '../../services/reviews/dist/app.module.js';
import { AppModule as GatewayModule } from '../../gateway/dist/app.module.js';
import { ROUTES, SERVICE_NAMES, type ServiceName } from '../../gateway/dist/routes.js';
import { proxiedRoutes } from '../../gateway/dist/app.js';
import { SitePages } from '../../gateway/dist/pages/site-pages.js';
import { spaPlugin } from '../../gateway/dist/spa/spa.plugin.js';

/** `GET /api/brands/:id`: a method and a path template with Nest's `:name` parameters. */
export type RouteKey = `${HttpMethod} ${string}`;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'UPGRADE';
export type RouteOwner = ServiceName | 'gateway';

export interface DiscoveredRoute {
  key: RouteKey;
  method: HttpMethod;
  path: string;
  owner: RouteOwner;
}

const METHOD_NAMES: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

type ModuleRef = Type<unknown> | DynamicModule | Promise<DynamicModule> | { forwardRef: () => ModuleRef } | undefined;

function asArray(value: unknown): string[] {
  if (value === undefined) return [''];
  return Array.isArray(value) ? (value as string[]) : [value as string];
}

function joinPath(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment.length > 0)
    .join('/');
  return `/${joined}`;
}

/** Every controller a module brings in, itself and through its imports (static and dynamic), each once. */
async function controllersOf(root: ModuleRef, seen = new Set<unknown>()): Promise<Type<unknown>[]> {
  let ref: ModuleRef = await root;
  if (ref && typeof ref === 'object' && 'forwardRef' in ref) ref = await ref.forwardRef();
  if (!ref || seen.has(ref)) return [];
  seen.add(ref);
  const dynamic = typeof ref === 'object' ? (ref as DynamicModule) : undefined;
  const moduleClass = (dynamic ? dynamic.module : ref) as Type<unknown>;
  const imports: ModuleRef[] = [
    ...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass) as ModuleRef[] | undefined) ?? []),
    ...((dynamic?.imports as ModuleRef[] | undefined) ?? []),
  ];
  const controllers: Type<unknown>[] = [
    ...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass) as Type<unknown>[] | undefined) ?? []),
    ...(dynamic?.controllers ?? []),
  ];
  for (const imported of imports) controllers.push(...(await controllersOf(imported, seen)));
  return [...new Set(controllers)];
}

/** The routes Nest registers for a module: each handler's method and full path, as its decorators declare them. */
export async function nestRoutesOf(module: ModuleRef, owner: RouteOwner): Promise<DiscoveredRoute[]> {
  const routes = new Map<RouteKey, DiscoveredRoute>();
  for (const controller of await controllersOf(module)) {
    const prefixes = asArray(Reflect.getMetadata(PATH_METADATA, controller));
    let prototype = controller.prototype as object | null;
    while (prototype && prototype !== Object.prototype) {
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (requestMethod === undefined || paths === undefined) continue;
        const method = METHOD_NAMES[requestMethod];
        if (!method)
          throw new Error(
            `${controller.name}.${name}: method ${RequestMethod[requestMethod]} has no place in the access matrix`,
          );
        for (const prefix of prefixes) {
          for (const path of asArray(paths)) {
            const full = joinPath(prefix, path);
            const key: RouteKey = `${method} ${full}`;
            routes.set(key, { key, method, path: full, owner });
          }
        }
      }
      prototype = Object.getPrototypeOf(prototype) as object | null;
    }
  }
  return [...routes.values()];
}

/**
 * Only what `forRoot` reads to decide which modules exist: Stripe's keys (the webhooks' modules are there in stripe
 * mode only, and production runs in stripe mode). Nothing is instantiated, so nothing else is read.
 */
const CONFIG = {
  STRIPE_SECRET_KEY: 'sk_test_matrix',
  STRIPE_WEBHOOK_SECRET: 'whsec_matrix',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_matrix_connect',
} as never;

const SERVICE_MODULES: Record<ServiceName, { forRoot(config: never): DynamicModule }> = {
  identity: IdentityModule,
  brands: BrandsModule,
  reviews: ReviewsModule,
  hunters: HuntersModule,
  bookings: BookingsModule,
  messaging: MessagingModule,
};

/** The gateway's catch-alls that hand a request to a service: the services' own routes are listed instead. */
const PROXY_CATCH_ALLS = new Set(['/api', '/api/*', '/socket.io', '/socket.io/*']);

/**
 * The gateway's Fastify routes (app.ts, spa.plugin.ts, site-pages.ts), as it registers them: the proxy, the SPA
 * with its crawler files, and the refusal of `/internal/*`. Nothing runs; the handlers are only registered.
 */
async function gatewayFastifyRoutes(): Promise<DiscoveredRoute[]> {
  const fastify = Fastify();
  const routes: DiscoveredRoute[] = [];
  fastify.addHook('onRoute', (route) => {
    if (PROXY_CATCH_ALLS.has(route.url)) return;
    for (const method of [route.method].flat()) {
      // HEAD and OPTIONS answer as GET does (Fastify adds HEAD to every GET) or are the proxy's to pass on.
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key: RouteKey = `${method as HttpMethod} ${route.url}`;
      routes.push({ key, method: method as HttpMethod, path: route.url, owner: 'gateway' });
    }
  });
  const runtime = { edge: { handle: () => undefined } } as never;
  await fastify.register(proxiedRoutes(runtime));
  // The pages' routes are registered without a SitePages behind them (register reads nothing of its own).
  const pages = {
    register: (scope: FastifyInstance) => SitePages.prototype.register.call({} as SitePages, scope),
  } as SitePages;
  await fastify.register(spaPlugin('.', pages));
  await fastify.ready();
  await fastify.close();
  return routes;
}

/** Every route of the system a caller can name: the six services' handlers and the gateway's own. */
export async function discoverRoutes(): Promise<DiscoveredRoute[]> {
  // Building the module descriptions registers each service's data source under one name: say nothing of it.
  Logger.overrideLogger(false);
  const routes: DiscoveredRoute[] = [];
  const unknown = SERVICE_NAMES.filter((service) => !Object.hasOwn(SERVICE_MODULES, service));
  if (unknown.length) throw new Error(`add the AppModule of ${unknown.join(', ')} to SERVICE_MODULES: its routes need rows`);
  for (const [service, module] of Object.entries(SERVICE_MODULES) as [
    ServiceName,
    { forRoot(config: never): DynamicModule },
  ][]) {
    routes.push(...(await nestRoutesOf(module.forRoot(CONFIG), service)));
  }
  routes.push(...(await nestRoutesOf(GatewayModule.forRoot(CONFIG), 'gateway')));
  routes.push(...(await gatewayFastifyRoutes()));
  // The live socket (socket.io's websocket transport only): an upgrade the gateway hands to messaging.
  routes.push({ key: 'UPGRADE /socket.io/', method: 'UPGRADE', path: '/socket.io/', owner: 'messaging' });
  // Rows of routes.ts the gateway answers itself once its checks have passed (the member's data archive).
  for (const rule of ROUTES.filter((candidate) => candidate.answeredByGateway))
    routes.push({ key: `GET ${rule.prefix}`, method: 'GET', path: rule.prefix, owner: 'gateway' });
  for (const path of Object.values(PAGE_PATHS))
    routes.push({ key: `GET ${path}`, method: 'GET', path, owner: 'gateway' });
  return routes;
}
