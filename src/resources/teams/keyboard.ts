import { KeyboardCode, type KeyboardCoordinateGetter } from "@dnd-kit/core";
import { limits } from "../../schemas/limits";

/** §4, §9: with the keyboard a dragged role moves 25 px per arrow key press. */
export const roleKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = limits.keyboardStepPx;
  switch (event.code) {
    case KeyboardCode.Right:
      return { ...currentCoordinates, x: currentCoordinates.x + step };
    case KeyboardCode.Left:
      return { ...currentCoordinates, x: currentCoordinates.x - step };
    case KeyboardCode.Down:
      return { ...currentCoordinates, y: currentCoordinates.y + step };
    case KeyboardCode.Up:
      return { ...currentCoordinates, y: currentCoordinates.y - step };
    default:
      return undefined;
  }
};
