"""Account pages beyond Django's own: the password reset form, throttled per address so that it can't
be used to flood someone's mailbox."""
from __future__ import annotations

from typing import Any

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from rest_framework.exceptions import Throttled

from config.throttles import PasswordResetThrottle, check_throttles, retry_after


class PasswordResetView(auth_views.PasswordResetView):
    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            check_throttles(request, [PasswordResetThrottle])
        except Throttled as throttled:
            form = self.get_form()
            form.is_valid()
            form.add_error(None, str(throttled.detail))
            response = self.render_to_response(self.get_context_data(form=form))
            response.status_code = 429
            for name, value in retry_after(throttled).items():
                response[name] = value
            return response
        return super().post(request, *args, **kwargs)
