vcl 4.1;
# Varnish in front of Verso's website and public processes (docs/deployment.md, "Varnish").
# Needs varnish-modules (xkey). Run Verso with EDGE_CACHE=varnish and EDGE_PURGE_URLS=http://<this node>:<port>.
# Answers carry `xkey` (the tags of what they were made from) and `Surrogate-Control` (how long to keep
# them); every purge in Verso is forwarded here as `PURGE` with `xkey-purge`.

import std;
import xkey;

# Set .host and .port to a Verso process (or a director over several); tests substitute them.
backend default {
    .host = "127.0.0.1";
    .port = "3200";
}

# Several website processes: uncomment the lines between BEGIN and END here and in vcl_recv, and add a
# backend per process. Misses go to each in turn; any of them answers fresh once a purge has returned.
# BEGIN director
# import directors;
#
# backend second {
#     .host = "127.0.0.1";
#     .port = "3201";
# }
#
# sub vcl_init {
#     new site = directors.round_robin();
#     site.add_backend(default);
#     site.add_backend(second);
# }
# END director

# Who may purge: the Verso processes. Widen to their addresses.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    # BEGIN director
    # set req.backend_hint = site.backend();
    # END director
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "xkey-purge required"));
        }
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # The site password, share links, forms and the canvas answer per visitor: never from the cache.
    if (req.url ~ "^/_cms/" || req.url ~ "[?&]form-result=") {
        return (pass);
    }
    # A preview token on the public API reads drafts: never a cached published answer (other schemes, such as
    # the Basic credentials of a password-protecting proxy, are answered as anonymous and may be cached).
    if (req.http.Authorization ~ "(?i)^\s*bearer(\s|$)") {
        return (pass);
    }
    if (req.http.Cookie ~ "(^|;\s*)(cms_site_access|cms_share|verso_session)=") {
        return (pass);
    }
    # Any other cookie (analytics, consent) does not change a public answer: ignore it.
    unset req.http.Cookie;
    # The Host header is kept as the client sent it: it picks the space (and is part of the hash).
    return (hash);
}

sub vcl_hash {
    # Pages link absolutely with the forwarded protocol: http and https answers differ.
    hash_data(req.http.X-Forwarded-Proto);
}

sub vcl_backend_response {
    # Private answers (password page, share previews, form results) and answers that set a cookie: never kept.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "(private|no-store|no-cache)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # Verso's edge lifetime (EDGE_CACHE_TTL); grace matches its stale-while-revalidate.
    if (beresp.http.Surrogate-Control ~ "max-age=[0-9]+") {
        set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "^.*max-age=([0-9]+).*$", "\1") + "s", 0s);
        if (beresp.http.Surrogate-Control ~ "stale-while-revalidate=[0-9]+") {
            set beresp.grace = std.duration(
                regsub(beresp.http.Surrogate-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1") + "s", 0s);
        }
        unset beresp.http.Surrogate-Control;
    } elseif (beresp.http.Cache-Control ~ "stale-while-revalidate=[0-9]+") {
        set beresp.grace = std.duration(
            regsub(beresp.http.Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1") + "s", 0s);
    }
    return (deliver);
}

sub vcl_deliver {
    # The tags are for this cache only.
    unset resp.http.xkey;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}

sub vcl_synth {
    if (req.method == "PURGE" && resp.status == 200) {
        set resp.http.Content-Type = "application/json";
        set resp.body = {"{"purged":"} + req.http.x-purged + {"}"};
        return (deliver);
    }
}
