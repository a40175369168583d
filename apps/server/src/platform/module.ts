import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import type { Migration } from 'kysely';

/** What app.ts hands every module. */
export interface ModuleOptions {
  /** Run the module's background work (timers); tests leave it off and drive the work by hand. */
  jobs: boolean;
}

/** Migrations by name (`NNNN-what`); the names are recorded in the database and never change. */
export type Migrations = Record<string, Migration>;

export interface ModuleDefinition {
  /** The capability's folder name; other modules list it in `dependencies`. */
  name: string;
  /** Modules that must be registered first (Fastify refuses to start otherwise). */
  dependencies: string[];
  /** The migrations that create and change this module's tables (its folder migrations/). */
  migrations: Migrations;
  register(app: FastifyInstance, options: ModuleOptions): Promise<void>;
}

export interface ServerModule {
  name: string;
  migrations: Migrations;
  /** Registered by app.ts without encapsulation, so its decorators (its ports) reach later modules. */
  plugin: FastifyPluginCallback<ModuleOptions>;
}

/** The one shape of a server module: see docs/decisions/0176-module-shape.md. */
export function defineModule(definition: ModuleDefinition): ServerModule {
  return {
    name: definition.name,
    migrations: definition.migrations,
    plugin: fp<ModuleOptions>(definition.register, {
      name: definition.name,
      dependencies: definition.dependencies,
    }),
  };
}
