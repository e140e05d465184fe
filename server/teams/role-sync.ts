import type { FastifyBaseLogger } from "fastify";
import type { PlatformAdapter } from "../platform/adapter";

declare module "fastify" {
  interface FastifyInstance {
    /** Staff-team role changes on their way to the platform. */
    teamRoleSync: TeamRoleSync;
  }
}

// A staff team's role change reaches the chat platform after it is stored, off the request and outside any
// database transaction (a slow platform must never hold the database): the API answers "Team role add queued",
// and it is. Changes run one at a time in the order they were made; a failure is logged, the stored team stays.

export interface TeamRoleChange {
  guildId: string;
  teamId: number;
  roleId: string;
  op: "add" | "remove";
}

export class TeamRoleSync {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly platform: PlatformAdapter,
    private readonly log: FastifyBaseLogger,
    /** More to do with each change once it is applied (the ticket engine refreshes open tickets' channels). */
    private readonly after: ((change: TeamRoleChange) => Promise<void>)[] = [],
  ) {}

  enqueue(...changes: TeamRoleChange[]): void {
    for (const change of changes) {
      this.tail = this.tail.then(async () => {
        try {
          await this.platform.applyTeamRole(change.guildId, change.teamId, change.roleId, change.op);
          for (const next of this.after) await next(change);
        } catch (err) {
          this.log.warn({ err, change }, "team role change not applied on the platform");
        }
      });
    }
  }

  /** Resolves once every change queued so far has run (tests, shutdown). */
  idle(): Promise<void> {
    return this.tail;
  }
}
