import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import { ChartIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";

// Statistics: volume, response and resolution times, ratings, per panel and per staff member.
export const statisticsResource = defineResource({
  name: "statistics",
  label: "Statistics",
  icon: ChartIcon,
  route: "statistics",
  title: "Statistics",
  pageName: "Statistics",
  permissions: resourcePermissions.statistics,
  screen: lazy(() => import("./StatisticsScreen")),
});
