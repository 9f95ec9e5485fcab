import type { FastifyInstance } from 'fastify';
import type { Actor } from '../modules/content';
import '../modules/catalog';
import '../modules/sellers';

/** What a workflow reaches: modules through their doors (the decorators their plugins set on the app), events. */
export type WorkflowDoors = Pick<FastifyInstance, 'catalog' | 'sellers' | 'content' | 'events'>;

/** Who asked for an audited admin change (null for seed or system). */
export type WorkflowActor = Actor;
