// A fake of Stripe.js (the provider's script), for tests only: the component test of the card
// step runs it in jsdom, and the Stripe-mode journey serves it in place of https://js.stripe.com
// (decisions 087, 145). It does what the site asks of Stripe.js: `elements({ clientSecret })`
// and a Payment Element (plain inputs here, where Stripe draws a frame) offering a card and a
// wallet, that reports ready, change, focus and blur; and `confirmPayment`, which records its
// arguments and confirms the payment intent the way Stripe.js does, by a form POST to the API's
// /v1/payment_intents/{id}/confirm with the publishable key: the journey's browser sends that to
// the local stand-in for Stripe's API. When the intent answers `requires_action` (a card that
// needs 3-D Secure) the fake shows an authentication step, as Stripe's frame does, that the
// person completes or fails; its answer goes to the stand-in's /authenticate. A redirect the
// intent asks for (`redirect_to_url`) is followed, as Stripe.js follows it. `confirmSetup` saves
// the element's card through the setup intent's /confirm the same way, and `confirmPayment`
// without elements confirms with a saved method (`confirmParams.payment_method`).
// A test may answer the confirmation itself with `window.__fakeStripe.respond`.
(function () {
  'use strict';
  var state = (window.__fakeStripe = window.__fakeStripe || {
    calls: [],
    respond: null,
    respondAuthentication: null,
    apiBase: 'https://api.stripe.com',
  });

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
    input.style.cssText = 'border:1px solid #ccc;border-radius:4px;padding:8px;font:inherit;min-width:0;flex:1;background:transparent';
    return input;
  }

  /** The wallet the fake offers (Google Pay's test card in Stripe's test mode is a Visa). */
  var WALLET = { type: 'google_pay', label: 'Google Pay', card: '4242424242424242' };

  function createPaymentElement(options) {
    var handlers = {};
    var ready = false;
    var chosen = 'card';
    var walletShown = !(options && options.wallets && options.wallets.googlePay === 'never');
    var box = document.createElement('div');
    var methods = document.createElement('div');
    methods.setAttribute('role', 'radiogroup');
    methods.setAttribute('aria-label', 'Payment method');
    methods.style.cssText = 'display:flex;gap:8px;margin-bottom:8px';
    function method(type, label) {
      var option = document.createElement('label');
      var radio = document.createElement('input');
      radio.type = 'radio';
      radio.name = 'fake-stripe-method';
      radio.value = type;
      radio.checked = type === chosen;
      radio.addEventListener('change', function () {
        chosen = type;
        cardFields.style.display = type === 'card' ? 'flex' : 'none';
        emit('change', describe());
      });
      option.append(radio, ' ' + label);
      methods.append(option);
    }
    method('card', 'Card');
    if (walletShown) method(WALLET.type, WALLET.label);
    var number = field('Card number', '1234 1234 1234 1234');
    var expiry = field('Expiration date MM / YY', 'MM / YY');
    var cvc = field('Security code', 'CVC');
    var cardFields = document.createElement('div');
    cardFields.style.cssText = 'display:flex;gap:8px';
    cardFields.append(number, expiry, cvc);
    box.append(methods, cardFields);

    function emit(event, payload) {
      (handlers[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }
    function describe() {
      if (chosen !== 'card') return { elementType: 'payment', empty: false, complete: true, collapsed: false, value: { type: chosen } };
      var n = digits(number.value);
      var empty = !n && !expiry.value && !cvc.value;
      var error;
      if (n.length === 16 && !luhn(n))
        error = { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
      var complete = !error && n.length === 16 && /^\d{2}\s*\/\s*\d{2}$/.test(expiry.value.trim()) && /^\d{3,4}$/.test(cvc.value.trim());
      return { elementType: 'payment', empty: empty, complete: complete, collapsed: false, value: { type: 'card' }, error: error };
    }
    [number, expiry, cvc].forEach(function (input) {
      input.addEventListener('input', function () {
        emit('change', describe());
      });
      input.addEventListener('focus', function () {
        emit('focus', { elementType: 'payment' });
      });
      input.addEventListener('blur', function () {
        emit('blur', { elementType: 'payment' });
      });
    });

    return {
      __fake: true,
      options: options,
      /** What the person chose and typed, as Stripe's frame would send it. */
      paymentMethod: function () {
        return chosen === 'card' ? { type: 'card', card: digits(number.value) } : { type: 'card', wallet: chosen, card: WALLET.card };
      },
      mount: function (target) {
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        host.append(box);
        setTimeout(function () {
          ready = true;
          emit('ready', { elementType: 'payment' });
        }, 0);
      },
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        // A listener that comes after the element is ready still hears of it (a renderer may
        // attach its listeners a frame after mounting).
        if (event === 'ready' && ready)
          setTimeout(function () {
            handler({ elementType: 'payment' });
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
      collapse: function () {},
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

  /** The intent's id, as Stripe.js reads it from the client secret ("pi_x_secret_y", "seti_x_secret_y"). */
  function intentOf(clientSecret, prefix) {
    var parts = String(clientSecret || '').split('_secret_');
    return parts.length === 2 && parts[0].indexOf(prefix || 'pi_') === 0 ? parts[0] : null;
  }

  function post(path, body) {
    return fetch(state.apiBase + path, { method: 'POST', body: body }).then(
      function (response) {
        return response.json().then(function (json) {
          if (!response.ok) return { error: json.error || { type: 'api_error', message: 'An error occurred.' } };
          return json.object === 'setup_intent' ? { setupIntent: json } : { paymentIntent: json };
        });
      },
      function () {
        return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please check your connection.' } };
      },
    );
  }

  /**
   * Stripe's authentication frame: the bank's test page asks the person to complete or fail
   * the check. Their answer goes to the stand-in, which settles the intent as Stripe does.
   */
  function authenticate(key, clientSecret, intent) {
    return new Promise(function (resolve) {
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-label', '3D Secure authentication');
      dialog.style.cssText = 'position:fixed;inset:20% 20%;background:#fff;border:1px solid #999;padding:16px;z-index:99999';
      var text = document.createElement('p');
      text.textContent = 'Your bank asks you to confirm this payment.';
      dialog.append(text);
      ['Complete', 'Fail'].forEach(function (label) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = label + ' authentication';
        button.addEventListener('click', function () {
          dialog.remove();
          var body = new URLSearchParams();
          body.set('key', key);
          body.set('client_secret', clientSecret);
          body.set('outcome', label === 'Complete' ? 'complete' : 'fail');
          state.calls.push({ method: 'authenticate', clientSecret: clientSecret, outcome: body.get('outcome') });
          resolve(
            state.respondAuthentication
              ? Promise.resolve(state.respondAuthentication(body.get('outcome')))
              : post('/v1/payment_intents/' + intent + '/authenticate', body),
          );
        });
        dialog.append(button);
      });
      document.body.append(dialog);
    });
  }

  function confirmOverTheNetwork(key, clientSecret, params, method, setup) {
    var intent = intentOf(clientSecret, setup ? 'seti_' : 'pi_');
    if (!intent) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Invalid client secret.' } });
    var body = new URLSearchParams();
    body.set('key', key);
    body.set('client_secret', clientSecret);
    if (method.saved) {
      body.set('payment_method', method.saved);
      if (params.return_url) body.set('return_url', params.return_url);
      return post('/v1/payment_intents/' + intent + '/confirm', body);
    }
    body.set('payment_method_data[type]', method.type);
    body.set('payment_method_data[card][number]', method.card);
    if (method.wallet) body.set('payment_method_data[card][wallet][type]', method.wallet);
    var details = (params.payment_method_data || {}).billing_details || {};
    var address = details.address || {};
    Object.keys(address).forEach(function (part) {
      body.set('payment_method_data[billing_details][address][' + part + ']', address[part]);
    });
    if (params.return_url) body.set('return_url', params.return_url);
    return post((setup ? '/v1/setup_intents/' : '/v1/payment_intents/') + intent + '/confirm', body);
  }

  /** What Stripe.js does with the confirmation's answer: an authentication step, or a redirect, when the intent asks for one. */
  function followUp(key, clientSecret, result) {
    var answer = result && result.paymentIntent;
    if (!answer || answer.status !== 'requires_action') return result;
    var next = answer.next_action || {};
    if (next.type === 'redirect_to_url') {
      window.location.assign(next.redirect_to_url.url);
      // Stripe.js's promise never settles once the page is leaving.
      return new Promise(function () {});
    }
    return authenticate(key, clientSecret, intentOf(clientSecret)).then(function (checked) {
      if (checked.error || !checked.paymentIntent) return checked;
      var after = checked.paymentIntent;
      // As Stripe.js answers a failed authentication: the intent wants another method.
      if (after.status === 'requires_payment_method')
        return { error: Object.assign({ payment_intent: after }, after.last_payment_error || { type: 'invalid_request_error' }) };
      return checked;
    });
  }

  function Stripe(key, options) {
    return {
      elements: function (elementsOptions) {
        var created = [];
        var group = {
          __options: elementsOptions || {},
          create: function (type, elementOptions) {
            if (type !== 'payment') throw new Error('The fake Stripe.js draws only the Payment Element');
            if (!group.__options.clientSecret) throw new Error('The Payment Element needs elements({ clientSecret })');
            var element = createPaymentElement(elementOptions);
            created.push(element);
            return element;
          },
          getElement: function (type) {
            var wanted = typeof type === 'string' ? type : type && type.__elementType;
            return wanted === 'payment' ? created[created.length - 1] || null : null;
          },
          update: function (changes) {
            Object.assign(group.__options, changes || {});
          },
          submit: function () {
            return Promise.resolve({});
          },
          fetchUpdates: function () {
            return Promise.resolve({});
          },
        };
        return group;
      },
      confirmSetup: function (request) {
        var group = request.elements;
        var clientSecret = group && group.__options.clientSecret;
        var element = group && group.getElement('payment');
        var method = element && element.__fake ? element.paymentMethod() : { type: 'card', card: '' };
        var params = request.confirmParams || {};
        state.calls.push({
          method: 'confirmSetup',
          key: key,
          elementsOptions: group ? group.__options : undefined,
          elementOptions: element ? element.options : undefined,
          confirmParams: params,
          redirect: request.redirect,
          paymentMethod: method,
        });
        return state.respond
          ? Promise.resolve(state.respond(clientSecret, params, method))
          : confirmOverTheNetwork(key, clientSecret, params, method, true);
      },
      confirmPayment: function (request) {
        var group = request.elements;
        var clientSecret = request.clientSecret || (group && group.__options.clientSecret);
        var element = group && group.getElement('payment');
        var params = request.confirmParams || {};
        var method =
          element && element.__fake
            ? element.paymentMethod()
            : typeof params.payment_method === 'string'
              ? { type: 'card', saved: params.payment_method }
              : { type: 'card', card: '' };
        state.calls.push({
          method: 'confirmPayment',
          key: key,
          options: options,
          elementsOptions: group ? group.__options : undefined,
          elementOptions: element ? element.options : undefined,
          clientSecret: clientSecret,
          confirmParams: params,
          redirect: request.redirect,
          paymentMethod: method,
        });
        var answered = state.respond
          ? Promise.resolve(state.respond(clientSecret, params, method))
          : confirmOverTheNetwork(key, clientSecret, params, method);
        return answered.then(function (result) {
          return followUp(key, clientSecret, result);
        });
      },
      // What @stripe/react-stripe-js checks to recognise a Stripe instance; the site calls none of them.
      confirmCardPayment: function () {
        return Promise.reject(new Error('Not used by the site'));
      },
      createToken: function () {
        return Promise.reject(new Error('Not used by the site'));
      },
      retrievePaymentIntent: function () {
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
