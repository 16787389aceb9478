"""A stand-in for the three GitHub REST endpoints the action's comment step calls, for the checks
(scripts/check-action, scripts/check-actions-job). Not a test double of GitHub as a whole: it
answers exactly

  GET   /repos/OWNER/REPO/issues/N/comments?per_page=100&page=K   (pages of up to 100)
  POST  /repos/OWNER/REPO/issues/N/comments                        {"body": ...}
  PATCH /repos/OWNER/REPO/issues/comments/ID                        {"body": ...}

as the REST API documents them ("Issue comments": https://docs.github.com/rest/issues/comments),
refuses a request without a bearer token (401), and with `read_only` set refuses every write with
403, as GitHub does for a fork's read-only token.
"""
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


class GitHubMock:
    def __init__(self, repository="scrolltrace/example"):
        self.repository = repository
        self.comments = {}  # id -> {"id", "issue", "body"}
        self.next_id = 1000
        self.read_only = False
        self.requests = []
        mock = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass

            def reply(self, status, value):
                data = json.dumps(value).encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def handle_any(self, method):
                url = urlparse(self.path)
                mock.requests.append((method, url.path))
                if not self.headers.get("Authorization", "").startswith("Bearer "):
                    return self.reply(401, {"message": "Requires authentication"})
                base = f"/repos/{mock.repository}/issues/"
                listing = re.fullmatch(re.escape(base) + r"(\d+)/comments", url.path)
                single = re.fullmatch(re.escape(base) + r"comments/(\d+)", url.path)
                if method == "GET" and listing:
                    query = parse_qs(url.query)
                    per_page = min(int(query.get("per_page", ["30"])[0]), 100)
                    page = int(query.get("page", ["1"])[0])
                    ours = [c for c in sorted(mock.comments.values(), key=lambda c: c["id"])
                            if c["issue"] == int(listing.group(1))]
                    return self.reply(200, ours[(page - 1) * per_page: page * per_page])
                if method in ("POST", "PATCH") and mock.read_only:
                    return self.reply(403, {"message": "Resource not accessible by integration"})
                length = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                if method == "POST" and listing:
                    comment = mock.add(int(listing.group(1)), body["body"])
                    return self.reply(201, comment)
                if method == "PATCH" and single and int(single.group(1)) in mock.comments:
                    comment = mock.comments[int(single.group(1))]
                    comment["body"] = body["body"]
                    return self.reply(200, comment)
                return self.reply(404, {"message": "Not Found"})

            def do_GET(self):
                self.handle_any("GET")

            def do_POST(self):
                self.handle_any("POST")

            def do_PATCH(self):
                self.handle_any("PATCH")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def add(self, issue, body):
        comment = {"id": self.next_id, "issue": issue, "body": body}
        self.comments[self.next_id] = comment
        self.next_id += 1
        return comment

    def on(self, issue):
        return [c for c in self.comments.values() if c["issue"] == issue]

    def close(self):
        self.server.shutdown()
