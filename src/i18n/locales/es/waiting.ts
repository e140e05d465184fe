import type { Dictionary } from "../../core";

// Spanish of "waiting on the member": the queue's column, filter and snooze, the ticket page, the settings, the
// statistics and the activity log's actions.
const waiting: Dictionary = {
  // The queue and the ticket page
  "tickets.columns.waitingOn": "Espera a",
  "tickets.waitingOn.staff": "Staff",
  "tickets.waitingOn.member": "Miembro",
  "tickets.snoozedUntil": "Pospuesto, vuelve",
  "tickets.filters.waiting": "Espera a",
  "tickets.filters.anyWaiting": "Espera a cualquiera",
  "tickets.filters.attention": "Necesita atención",
  "tickets.filters.onStaff": "Espera al staff",
  "tickets.filters.onMember": "Espera al miembro",
  "tickets.filters.snoozed": "Pospuestos",
  "tickets.snooze.label": "Posponer el ticket #{n}",
  "tickets.snooze.prompt": "Posponer…",
  "tickets.snooze.hour": "1 hora",
  "tickets.snooze.hours4": "4 horas",
  "tickets.snooze.day": "1 día",
  "tickets.snooze.days3": "3 días",
  "tickets.snooze.week": "1 semana",
  "tickets.snooze.end": "Terminar la espera",
  // The settings
  "settings.field.pingOpenerOnStaffReply": "Mencionar al miembro cuando responde el staff",
  "settings.field.pingOpenerOnStaffReply.help":
    "Tras una respuesta del staff, el bot menciona una vez al miembro que abrió el ticket: no vuelve a hacerlo hasta que el miembro haya escrito.",
  "settings.field.autoCloseMemberSilenceOnly": "Contar solo el silencio del miembro",
  "settings.field.autoCloseMemberSilenceOnly.help":
    "Solo se cierra por inactividad un ticket que espera a su miembro (el staff respondió lo último); uno que espera al staff, nunca.",
  // The statistics
  "statistics.waiting": "Espera al staff y a los miembros",
  "statistics.waitingOn": "Espera a",
  "statistics.waitingOn.staff": "Staff",
  "statistics.waitingOn.member": "Miembros",
  "statistics.waitingTotal": "Total",
  "statistics.waitingMedian": "Mediana por ticket",
  "statistics.waitingNow": "Abiertos, esperando ahora",
  "statistics.waitingNote": "Tickets cerrados en el periodo: {count}. Pospuestos ahora: {snoozed}.",
  // The activity log's actions
  "activity.action.ticketSnoozed": "Ticket pospuesto",
  "activity.action.ticketUnsnoozed": "Espera del ticket terminada",
  "activity.action.ticketSnoozeEnded": "El ticket pospuesto vuelve a la cola",
};

export default waiting;
