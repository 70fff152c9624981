from csp.constants import SELF, UNSAFE_INLINE
from csp.decorators import csp_replace
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from .views import favicon, healthz, robots_txt

# Swagger UI and ReDoc write style attributes and <style> elements as they draw: on their two pages
# (which show only the schema), styles may be inline. Their one inline script carries the nonce.
docs_page = csp_replace({"style-src": [SELF, UNSAFE_INLINE]})

# Under /api/ these answer {"detail": ...} like the rest of the API; elsewhere, the site's pages.
handler404 = "config.api_errors.page_not_found"
handler500 = "config.api_errors.server_error"

urlpatterns = [
    path("healthz/", healthz, name="healthz"),
    path("robots.txt", robots_txt, name="robots"),
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("api/", include("cardsdb.api_urls")),
    path("api/", include("decks.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", docs_page(SpectacularSwaggerView.as_view(url_name="api-schema")), name="api-docs"),
    path("api/redoc/", docs_page(SpectacularRedocView.as_view(url_name="api-schema")), name="api-redoc"),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("decks.urls")),
    path("", include("cardsdb.urls")),
]
