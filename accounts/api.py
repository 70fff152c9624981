"""API tokens (django-rest-knox): `POST /api/token/` with a user name and password gives a token for
`Authorization: Token <token>`, valid API_TOKEN_DAYS days; `POST /api/token/revoke/` with that header
ends it. Tokens are stored hashed, and a password change revokes them all (accounts/signals.py).

The token endpoint counts as a login for django-axes: after too many wrong passwords for one user name
from one address it answers 429 (accounts/lockout.py), even to the right password.
"""
from __future__ import annotations

from django.contrib.auth import authenticate, user_logged_in
from drf_spectacular.utils import OpenApiResponse, extend_schema
from knox.auth import TokenAuthentication
from knox.models import get_token_model
from rest_framework import serializers, status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.serializers import JSONInputSerializer

WRONG_CREDENTIALS = "No account has this user name and password."


class TokenInputSerializer(JSONInputSerializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False, style={"input_type": "password"})


class TokenOutputSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`.")
    expiry = serializers.DateTimeField(help_text="When the token stops working.")


class TokenRefusedSerializer(serializers.Serializer):
    """Why no token was given, or why a request with a token was refused."""

    detail = serializers.CharField()


def _first_error(errors: dict[str, list[str]]) -> str:
    field, messages = next(iter(errors.items()))
    return f"{field}: {messages[0]}"


class ObtainToken(APIView):
    authentication_classes: list[type] = []  # the credentials are in the body
    permission_classes = [AllowAny]
    parser_classes = [JSONParser, FormParser, MultiPartParser]

    @extend_schema(
        request=TokenInputSerializer,
        responses={
            200: TokenOutputSerializer,
            400: OpenApiResponse(TokenRefusedSerializer, "Missing fields, or a wrong user name or password."),
            429: OpenApiResponse(TokenRefusedSerializer, "Too many failed logins, or requests: see Retry-After."),
        },
    )
    def post(self, request: Request) -> Response:
        """A token for scripts, from a user name and password."""
        given = TokenInputSerializer(data=request.data)
        if not given.is_valid():
            return Response({"detail": _first_error(given.errors)}, status=status.HTTP_400_BAD_REQUEST)
        # The Django request, not DRF's: django-axes marks a locked-out login on it for its middleware.
        django_request = request._request
        user = authenticate(django_request, username=given.validated_data["username"],
                            password=given.validated_data["password"])
        if user is None:
            return Response({"detail": WRONG_CREDENTIALS}, status=status.HTTP_400_BAD_REQUEST)
        user_logged_in.send(sender=user.__class__, request=django_request, user=user)
        token, key = get_token_model().objects.create(user)
        return Response(TokenOutputSerializer({"token": key, "expiry": token.expiry}).data)


class RevokeToken(APIView):
    authentication_classes = [TokenAuthentication]
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None, 401: OpenApiResponse(TokenRefusedSerializer)})
    def post(self, request: Request) -> Response:
        """End the token this request was sent with."""
        request.auth.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
