import type { Dictionary } from "../../core";

// The demo platform's clock per server, shown in the Try-it view beside "Skip ahead".
const demoClock: Dictionary = {
  "tryIt.clock.ahead": "Hora del servidor: +{ahead}",
  "tryIt.clock.real": "Hora del servidor: la real",
  "tryIt.clock.demo": "reloj de demostración",
  "tryIt.clock.help":
    "Este servidor de demostración tiene su propio reloj. Adelantarlo lo mueve hacia delante: el cierre automático y su aviso, las solicitudes de cierre, las alertas de espera, la hora de los mensajes y las estadísticas lo siguen. En Discord, la hora es la real.",
  "tryIt.skipped": "Adelantado {hours} h: {closed} cerrados, {warned} avisados, {alerted} alertas de espera.",
};

export default demoClock;
