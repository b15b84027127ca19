"""The simulator's pages: a form, a result page anyone with the link may open (it polls for
progress while the games run), and the JSON it polls."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from rest_framework.exceptions import Throttled

from games.api.throttles import quota_charge, wait_message
from games.forms import over_quota_page
from games.sim import selectors, services
from games.sim.api import SimulateThrottle
from games.sim.chart import vp_chart_svg
from games.sim.forms import SimulationForm


def sim_index(request: HttpRequest) -> HttpResponse:
    mine = selectors.simulations_recent(request.user) if request.user.is_authenticated else []
    return render(request, "sim/index.html", {"mine": mine,
                                              "recent": selectors.simulations_recent()})


@login_required
def sim_new(request: HttpRequest) -> HttpResponse:
    bots = [b for b in request.GET.get("bots", "").split(",") if b][:4]
    form = SimulationForm(request.POST or None, bots=bots)
    refused = over_quota_page(request, form, SimulateThrottle(), "started simulations",
                              "sim/new.html")
    if refused is not None:
        return refused
    if request.method == "POST" and form.is_valid():
        try:
            sim = services.simulation_create(  # counted in the API's quota once accepted
                user=request.user, **form.create_kwargs(),
                charge=lambda: quota_charge(request.user, SimulateThrottle()))
        except Throttled as exc:
            form.add_error(None, wait_message(exc.wait, "started simulations"))
            return render(request, "sim/new.html", {"form": form}, status=429)
        except services.SimulationRefused as exc:
            form.add_error(None, exc.detail)
        else:
            return redirect("sim:detail", pk=sim.pk)
    return render(request, "sim/new.html", {"form": form})


def _found(pk) -> object:
    sim = selectors.simulation_get(pk)
    if sim is None:
        raise Http404("No such simulation.")
    return sim


def sim_detail(request: HttpRequest, pk) -> HttpResponse:
    sim = _found(pk)
    data = selectors.simulation_results(sim)
    rows = (data["results"] or {}).get("bots", [])
    return render(request, "sim/detail.html", {
        "sim": sim, "data": data, "rows": rows,
        "chart": mark_safe(vp_chart_svg(rows)),
        "share_url": request.build_absolute_uri()})


def sim_status(request: HttpRequest, pk) -> JsonResponse:
    sim = _found(pk)
    return JsonResponse({"status": sim.status, "done": sim.done, "games": sim.games,
                         "progress": round(sim.progress, 4)})
