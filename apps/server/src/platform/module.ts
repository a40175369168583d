import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What app.ts hands every module. */
export interface ModuleOptions {
  /** Run the module's background work (timers); tests leave it off and drive the work by hand. */
  jobs: boolean;
}

export interface ModuleDefinition {
  /** The capability's folder name; other modules list it in `dependencies`. */
  name: string;
  /** Modules that must be registered first (Fastify refuses to start otherwise). */
  dependencies: string[];
  register(app: FastifyInstance, options: ModuleOptions): Promise<void>;
}

/**
 * The one shape of a server module (docs/decisions/0176-module-shape.md): a named Fastify plugin
 * that declares the modules it needs, registered without encapsulation so its decorators (its
 * ports) are visible to the modules after it.
 */
export function defineModule(definition: ModuleDefinition) {
  return fp<ModuleOptions>(definition.register, {
    name: definition.name,
    dependencies: definition.dependencies,
  });
}
