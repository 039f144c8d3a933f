"""The addresses of the jobs app: a job's status, polled by the page that started it."""

from django.urls import path

from . import views

app_name = "jobs"
urlpatterns = [
    path("<uuid:job_id>/status/", views.status, name="status"),
]
