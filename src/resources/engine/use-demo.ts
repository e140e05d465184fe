import { useEffect, useState } from "react";
import { http } from "../../providers/http";
import { statsSchema } from "../../schemas/stats";

// Whether the server runs the demo platform (GET /stats says so), asked once per page load: Panels offers the
// Try-it view then, and the Try-it view explains itself otherwise.
let asked: Promise<boolean> | null = null;

export const askIsDemo = (): Promise<boolean> =>
  (asked ??= http
    .get("/stats", { auth: false })
    .then((body) => {
      const stats = statsSchema.safeParse(body);
      return stats.success && stats.data.demo === true;
    })
    .catch(() => false));

export function useIsDemo(): boolean {
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let alive = true;
    void askIsDemo().then((value) => alive && setDemo(value));
    return () => {
      alive = false;
    };
  }, []);
  return demo;
}
