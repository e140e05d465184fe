import { describe, expect, it } from "vitest";
import { roleKeyboardCoordinates } from "../../../src/resources/teams/keyboard";

const at = { x: 100, y: 200 };
const press = (code: string) =>
  roleKeyboardCoordinates(new KeyboardEvent("keydown", { code }), { currentCoordinates: at, active: "x", context: {} as never });

describe("keyboard drag (SPEC §4, §9)", () => {
  it("moves 25 px per arrow key press", () => {
    expect(press("ArrowRight")).toEqual({ x: 125, y: 200 });
    expect(press("ArrowLeft")).toEqual({ x: 75, y: 200 });
    expect(press("ArrowDown")).toEqual({ x: 100, y: 225 });
    expect(press("ArrowUp")).toEqual({ x: 100, y: 175 });
  });
  it("ignores other keys", () => {
    expect(press("KeyA")).toBeUndefined();
  });
});
