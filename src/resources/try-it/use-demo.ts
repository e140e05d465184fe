import { useEffect, useState } from "react";
import { demoApi } from "./demo-api";

// Whether the server runs the demo platform (GET /stats says so), asked once per page load.
let asked: Promise<boolean> | null = null;

export function useIsDemo(): boolean {
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    asked ??= demoApi.isDemo().catch(() => false);
    let alive = true;
    void asked.then((value) => alive && setDemo(value));
    return () => {
      alive = false;
    };
  }, []);
  return demo;
}
