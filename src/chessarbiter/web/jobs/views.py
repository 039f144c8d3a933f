"""A job's status for the page that follows it: the state, the progress and, once finished,
where its result is (the pairing page for a proposal, the round for a stored pairing)."""

from __future__ import annotations

from uuid import UUID

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from ..events.access import Level, event_for
from .models import Job
from .services import recover_stale


def result_url(job: Job) -> str:
    """Where the result of a finished job is shown ("" for a kind without a page)."""
    if job.event_id is None or job.state not in (Job.State.DONE, Job.State.FAILED):
        return ""
    if job.kind == "pair" and job.state == Job.State.DONE and job.result.get("round"):
        return reverse("arbiter:round", args=[job.event_id, job.result["round"]])
    if job.kind in ("pair", "propose"):
        return reverse("arbiter:pair", args=[job.event_id])
    return ""


@login_required
def status(request: HttpRequest, job_id: UUID) -> HttpResponse:
    """The job's status: the polling fragment for htmx (which, once the job is finished,
    sends the page to its result), the same as a page otherwise. Only a user who may see the
    job's event (any role, :func:`~chessarbiter.web.events.access.event_for`), or who
    started a job without an event, sees it; anyone else is told it does not exist."""
    recover_stale()
    job = get_object_or_404(Job.objects.select_related("event", "created_by"), pk=job_id)
    if job.event is not None:
        event_for(request.user, job.event.pk, Level.VIEWER)
    elif job.created_by_id != request.user.pk and not getattr(request.user, "is_superuser", False):
        raise Http404
    url = result_url(job)
    context = {"job": job, "result_url": url}
    if request.headers.get("HX-Request"):
        response = render(request, "jobs/_status.html", context)
        if url and job.state == Job.State.DONE:
            response["HX-Redirect"] = url
        return response
    return render(request, "jobs/status.html", context)
