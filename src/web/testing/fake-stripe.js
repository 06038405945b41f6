// A fake of Stripe.js (the provider's script), for tests only: the component test of the card
// form runs it in jsdom, and the Stripe-mode journey serves it in place of https://js.stripe.com
// (decision 087). It does what the site asks of Stripe.js: a card element (plain inputs here,
// where Stripe draws a frame) that reports ready, change, focus and blur, and
// confirmCardPayment, which records its arguments and confirms the payment intent the way
// Stripe.js does, by a form POST to the API's /v1/payment_intents/{id}/confirm with the
// publishable key: the journey's browser sends that to the local stand-in for Stripe's API.
// A test may answer the confirmation itself with `window.__fakeStripe.respond`.
(function () {
  'use strict';
  var state = (window.__fakeStripe = window.__fakeStripe || { calls: [], respond: null, apiBase: 'https://api.stripe.com' });

  function digits(text) {
    return String(text || '').replace(/\D/g, '');
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return number.length > 0 && sum % 10 === 0;
  }

  function field(label, placeholder) {
    var input = document.createElement('input');
    input.setAttribute('aria-label', label);
    input.setAttribute('placeholder', placeholder);
    input.setAttribute('inputmode', 'numeric');
    input.setAttribute('autocomplete', 'off');
    input.style.cssText = 'border:0;outline:0;font:inherit;min-width:0;flex:1;background:transparent';
    return input;
  }

  function createCardElement() {
    var handlers = {};
    var ready = false;
    var number = field('Card number', '1234 1234 1234 1234');
    var expiry = field('Expiration date MM / YY', 'MM / YY');
    var cvc = field('Security code', 'CVC');
    var box = document.createElement('div');
    box.style.cssText = 'display:flex;gap:8px';
    box.append(number, expiry, cvc);

    function emit(event, payload) {
      (handlers[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }
    function describe() {
      var n = digits(number.value);
      var empty = !n && !expiry.value && !cvc.value;
      var error;
      if (n.length === 16 && !luhn(n))
        error = { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
      var complete = !error && n.length === 16 && /^\d{2}\s*\/\s*\d{2}$/.test(expiry.value.trim()) && /^\d{3,4}$/.test(cvc.value.trim());
      return { elementType: 'card', empty: empty, complete: complete, error: error, brand: n[0] === '4' ? 'visa' : 'unknown' };
    }
    [number, expiry, cvc].forEach(function (input) {
      input.addEventListener('input', function () {
        emit('change', describe());
      });
      input.addEventListener('focus', function () {
        emit('focus', { elementType: 'card' });
      });
      input.addEventListener('blur', function () {
        emit('blur', { elementType: 'card' });
      });
    });

    return {
      __fake: true,
      cardNumber: function () {
        return digits(number.value);
      },
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        host.append(box);
        setTimeout(function () {
          ready = true;
          emit('ready', { elementType: 'card' });
        }, 0);
      },
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        // A listener that comes after the element is ready still hears of it (a renderer may
        // attach its listeners a frame after mounting).
        if (event === 'ready' && ready)
          setTimeout(function () {
            handler({ elementType: 'card' });
          }, 0);
        return this;
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return h !== handler;
        });
        return this;
      },
      update: function () {},
      focus: function () {
        number.focus();
      },
      blur: function () {},
      clear: function () {
        number.value = expiry.value = cvc.value = '';
      },
      unmount: function () {
        box.remove();
      },
      destroy: function () {
        box.remove();
        handlers = {};
      },
    };
  }

  /** The payment intent's id, as Stripe.js reads it from the client secret ("pi_x_secret_y"). */
  function intentOf(clientSecret) {
    var parts = String(clientSecret || '').split('_secret_');
    return parts.length === 2 && parts[0].indexOf('pi_') === 0 ? parts[0] : null;
  }

  function confirmOverTheNetwork(key, clientSecret, data, card) {
    var intent = intentOf(clientSecret);
    if (!intent) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Invalid client secret.' } });
    var body = new URLSearchParams();
    body.set('key', key);
    body.set('client_secret', clientSecret);
    body.set('payment_method_data[type]', 'card');
    body.set('payment_method_data[card][number]', card);
    var address = (data.payment_method.billing_details || {}).address || {};
    Object.keys(address).forEach(function (part) {
      body.set('payment_method_data[billing_details][address][' + part + ']', address[part]);
    });
    if (data.return_url) body.set('return_url', data.return_url);
    return fetch(state.apiBase + '/v1/payment_intents/' + intent + '/confirm', { method: 'POST', body: body }).then(
      function (response) {
        return response.json().then(function (json) {
          return response.ok ? { paymentIntent: json } : { error: json.error || { type: 'api_error', message: 'An error occurred.' } };
        });
      },
      function () {
        return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please check your connection.' } };
      },
    );
  }

  function Stripe(key, options) {
    var cards = [];
    return {
      elements: function () {
        return {
          create: function (type) {
            if (type !== 'card') throw new Error('The fake Stripe.js draws only the card element');
            var card = createCardElement();
            cards.push(card);
            return card;
          },
          getElement: function (type) {
            var wanted = typeof type === 'string' ? type : type && type.__elementType;
            return wanted === 'card' ? cards[cards.length - 1] || null : null;
          },
          update: function () {},
        };
      },
      confirmCardPayment: function (clientSecret, data) {
        var element = data && data.payment_method && data.payment_method.card;
        var card = element && element.__fake ? element.cardNumber() : '';
        state.calls.push({
          method: 'confirmCardPayment',
          key: key,
          options: options,
          clientSecret: clientSecret,
          billingDetails: data.payment_method.billing_details,
          returnUrl: data.return_url,
          cardNumber: card,
        });
        if (state.respond) return Promise.resolve(state.respond(clientSecret, data, card));
        return confirmOverTheNetwork(key, clientSecret, data, card);
      },
      createToken: function () {
        return Promise.reject(new Error('Not used by the site'));
      },
      createPaymentMethod: function () {
        return Promise.reject(new Error('Not used by the site'));
      },
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
  }
  // The release train @stripe/stripe-js expects (it warns about any other).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
